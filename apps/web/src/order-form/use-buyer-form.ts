import { useCallback, useEffect, useRef, useState } from 'react';
import { accountEndpoints } from '@taquilla/contract';
import { apiCall } from '../api/client';
import { useSession } from '../session/session-context';
import { initialBuyerForm } from './buyer-form';
import type { BuyerField, BuyerForm } from './buyer-form';
import { withProfile } from './buyer-form';

/**
 * The buyer data form's state. A signed-in buyer's fields start from the session and then
 * the saved profile (000 §6), but never over what the buyer already typed; the session
 * may become known after the form appears (start-up asks the server).
 */
export function useBuyerForm() {
  const { user } = useSession();
  const start = useRef<BuyerForm>(initialBuyerForm(user));
  const [form, setForm] = useState<BuyerForm>(start.current);
  const [saveInfo, setSaveInfo] = useState(true);
  const userId = user?._id ?? null;
  const userRef = useRef(user);

  useEffect(() => {
    userRef.current = user;
  });

  useEffect(() => {
    const signedIn = userRef.current;
    if (!signedIn) return;
    const previous = start.current;
    const next = initialBuyerForm(signedIn);
    start.current = next;
    setForm((current) => {
      const merged = { ...current };
      for (const field of Object.keys(next) as BuyerField[]) {
        if (current[field] === previous[field]) merged[field] = next[field];
      }
      return merged;
    });
    const controller = new AbortController();
    apiCall(accountEndpoints.getProfile, {
      params: { id: signedIn._id },
      signal: controller.signal,
    }).then(
      (profile) => setForm((current) => withProfile(current, next, profile)),
      // Without the profile the form keeps what the session gave.
      () => undefined,
    );
    return () => controller.abort();
  }, [userId]);

  const change = useCallback((field: BuyerField, value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
  }, []);

  return { form, change, saveInfo, setSaveInfo, isSignedIn: userId !== null };
}
