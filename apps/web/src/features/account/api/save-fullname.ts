import { accountEndpoints } from '@taquilla/contract/plain';
import type { Profile } from '@taquilla/contract';
import { apiCall } from '../../../api/client';

/** PUT /auth/users/{id} (Mis Datos): the full name only. */
export function saveFullname(userId: string, fullname: string): Promise<Profile> {
  return apiCall(accountEndpoints.updateUser, {
    params: { id: userId },
    body: { fullname: fullname.trim() },
  });
}
