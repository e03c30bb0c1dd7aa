import type { Profile } from '@taquilla/contract';
import { toSessionUser } from '../auth/auth.mapper.ts';
import type { ProfileRow } from './profile.repo.ts';

/** Row → wire (002 §3 user profile fields). */
export function toProfile(row: ProfileRow): Profile {
  return {
    ...toSessionUser(row),
    address: row.address,
    city: row.city,
    state: row.state,
    nit: row.nit,
    zip: row.zip,
    emailVerified: row.emailVerifiedAt !== null,
  };
}
