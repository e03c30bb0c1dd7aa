import { useEffect, useState } from 'react';
import { accountEndpoints } from '@taquilla/contract/plain';
import type { Profile } from '@taquilla/contract';
import { apiCall } from '../api/client';

export type BuyerProfile = { status: 'loading' } | { status: 'ready'; profile: Profile | null };

/**
 * GET /users/{id}: the signed-in buyer's profile, to prefill the buyer form (000 §6).
 * Without a user (a guest) or when it cannot be read, the form starts from its defaults.
 */
export function useBuyerProfile(userId: string | null): BuyerProfile {
  const [settled, setSettled] = useState<{ userId: string; profile: Profile | null } | null>(null);

  useEffect(() => {
    if (!userId) return;
    const controller = new AbortController();
    apiCall(accountEndpoints.getProfile, { params: { id: userId }, signal: controller.signal })
      .catch(() => null)
      .then((profile) => {
        if (!controller.signal.aborted) setSettled({ userId, profile });
      });
    return () => controller.abort();
  }, [userId]);

  if (!userId) return { status: 'ready', profile: null };
  return settled?.userId === userId
    ? { status: 'ready', profile: settled.profile }
    : { status: 'loading' };
}
