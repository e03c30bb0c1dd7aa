import { accountEndpoints } from '@taquilla/contract/plain';
import type { Profile } from '@taquilla/contract';
import { apiCall } from '../../../api/client';

export type ProfileChanges = {
  firstname: string;
  lastname: string;
  email: string;
  phone: string;
  country: string;
};

/** PUT /users/{id} (Mi Perfil): the fields of 002 §7; the e-mail goes unchanged. */
export function saveProfile(userId: string, changes: ProfileChanges): Promise<Profile> {
  const phone = changes.phone.trim();
  return apiCall(accountEndpoints.updateProfile, {
    params: { id: userId },
    body: {
      firstname: changes.firstname.trim(),
      lastname: changes.lastname.trim(),
      email: changes.email,
      phone: phone === '' ? null : phone,
      country: changes.country,
    },
  });
}
