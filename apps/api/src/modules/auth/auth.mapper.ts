import type { Session, SessionUser, ViewerRef } from '@taquilla/contract';
import type { Role } from '../../generated/prisma/client.ts';

/** Row → wire (002 §3). The password hash is never selected, so it cannot leak here. */
export function toSessionUser(row: {
  id: string;
  username: string;
  email: string;
  fullname: string;
  firstname: string | null;
  lastname: string | null;
  phone: string | null;
  country: string;
  createdAt: Date;
  roles: Role[];
}): SessionUser {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    fullname: row.fullname,
    firstname: row.firstname,
    lastname: row.lastname,
    phone: row.phone,
    country: row.country,
    createdAt: row.createdAt.toISOString(),
    roles: row.roles,
  };
}

export function toSession(row: {
  id: string;
  userId: string;
  username: string;
  role: Role;
  expiresAt: Date;
}): Session {
  return {
    _id: row.id,
    user_uid: row.userId,
    username: row.username,
    role: row.role,
    expiresAt: row.expiresAt.toISOString(),
  };
}

export function toViewerRef(viewerId: string | null, userId: string): ViewerRef | null {
  return viewerId ? { _id: viewerId, user_uid: userId } : null;
}
