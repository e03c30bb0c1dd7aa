import { PROFILE_MESSAGES } from '@taquilla/contract';
import type { Profile, updateProfileBodySchema } from '@taquilla/contract';
import { NIT_INVALID_MESSAGE, isValidNit, normalizeNit } from '@taquilla/domain';
import type { z } from 'zod';
import { AppError, invalidField } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { AuthContext } from '../../plugins/auth.ts';
import { normalEmail } from '../auth/auth.service.ts';
import { assertOwnUser } from './account.access.ts';
import { toProfile } from './profile.mapper.ts';
import { findProfile, updateProfile } from './profile.repo.ts';
import type { ProfileChanges, ProfileRow } from './profile.repo.ts';

type ProfileBody = z.output<typeof updateProfileBodySchema>;

/** Absent leaves a field as it is; null or blank clears it. */
function optionalText(value: string | null | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  return value === null || value === '' ? null : value;
}

function nitOf(value: string | null | undefined): string | null | undefined {
  const text = optionalText(value);
  if (text === undefined || text === null) return text;
  if (!isValidNit(text)) throw invalidField('nit', NIT_INVALID_MESSAGE);
  return normalizeNit(text);
}

/**
 * Mis Datos and Mi Perfil (002 §2.6): a person reads and changes only their
 * own profile; another user's id answers 403 before anything is read. The
 * e-mail is the login name and stays as it is.
 */
export function createProfileService(deps: { db: Db }) {
  const { db } = deps;

  async function ownRow(caller: AuthContext, userId: string): Promise<ProfileRow> {
    assertOwnUser(caller, userId);
    const row = await findProfile(db, userId);
    // A live session's user exists (sessions go with their user); kept for the types.
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

  return {
    /** GET /users/{id}. */
    async get(caller: AuthContext, userId: string): Promise<Profile> {
      return toProfile(await ownRow(caller, userId));
    },

    /** PUT /auth/users/{id}: the full name. */
    async updateFullname(caller: AuthContext, userId: string, fullname: string): Promise<Profile> {
      assertOwnUser(caller, userId);
      return toProfile(await updateProfile(db, userId, { fullname }));
    },

    /** PUT /users/{id}: an `email` other than the account's is refused, not ignored. */
    async update(caller: AuthContext, userId: string, body: ProfileBody): Promise<Profile> {
      const current = await ownRow(caller, userId);
      if (body.email !== undefined && normalEmail(body.email) !== current.email) {
        throw invalidField('email', PROFILE_MESSAGES.emailReadOnly);
      }
      const changes: ProfileChanges = {
        firstname: body.firstname,
        lastname: body.lastname,
        phone: optionalText(body.phone),
        address: optionalText(body.address),
        city: optionalText(body.city),
        state: optionalText(body.state),
        country: body.country?.toUpperCase(),
        nit: nitOf(body.nit),
        zip: optionalText(body.zip),
      };
      return toProfile(await updateProfile(db, userId, changes));
    },
  };
}

export type ProfileService = ReturnType<typeof createProfileService>;
