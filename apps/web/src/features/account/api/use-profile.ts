import { accountEndpoints } from '@taquilla/contract/plain';
import { useApiQuery } from '../../../api/use-api-query';

/** GET /users/{id}: the whole profile, for Mi Perfil's form. */
export function useProfile(userId: string) {
  return useApiQuery(accountEndpoints.getProfile, { params: { id: userId } });
}
