import { useCallback, useEffect, useRef, useState } from 'react';
import { NIT_INVALID_MESSAGE, isEmailConfirmationWrong, isValidNit } from '@taquilla/domain';
import { useSession } from '../session/session-context';
import { hasText, initialBuyerForm, withProfile } from './buyer-form';
import type { BuyerField, BuyerForm } from './buyer-form';
import { esOrderForm } from './es-order-form';
import { useBuyerProfile } from './use-buyer-profile';

/** The server's messages by buyer field, after a refused order. */
export type BuyerFieldErrors = Readonly<Partial<Record<BuyerField, string>>>;

/**
 * The buyer data form's state for the deposit and registration forms. A signed-in buyer's
 * fields start from the session and then the saved profile (000 §6), but never over what
 * the buyer already typed; the session may become known after the form appears (start-up
 * asks the server). The NIT is checked when the buyer leaves it (000 §5 NIT check).
 */
export function useBuyerForm() {
  const { user } = useSession();
  const start = useRef<BuyerForm>(initialBuyerForm(user));
  const [form, setForm] = useState<BuyerForm>(start.current);
  const [saveInfo, setSaveInfo] = useState(true);
  const [isNitChecked, setIsNitChecked] = useState(false);
  const userId = user?._id ?? null;
  const userRef = useRef(user);
  // Without the profile the form keeps what the session gave.
  const buyerProfile = useBuyerProfile(userId);
  const profile = buyerProfile.status === 'ready' ? buyerProfile.profile : null;

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
  }, [userId]);

  useEffect(() => {
    if (profile) setForm((current) => withProfile(current, start.current, profile));
  }, [profile]);

  const change = useCallback((field: BuyerField, value: string) => {
    if (field === 'nit') setIsNitChecked(false);
    setForm((current) => ({ ...current, [field]: value }));
  }, []);

  const blur = useCallback((field: BuyerField) => {
    if (field === 'nit') setIsNitChecked(true);
  }, []);

  /** The message under a field: the e-mail confirmation and the NIT check, else the server's. */
  const errorOf = (field: BuyerField, serverErrors: BuyerFieldErrors = {}): string | null => {
    if (field === 'emailConfirm') {
      return isEmailConfirmationWrong(form.email, form.emailConfirm)
        ? esOrderForm.buyer.emailMismatch
        : null;
    }
    if (field === 'nit' && isNitChecked && hasText(form.nit) && !isValidNit(form.nit)) {
      return NIT_INVALID_MESSAGE;
    }
    return serverErrors[field] ?? null;
  };

  return { form, change, blur, errorOf, saveInfo, setSaveInfo, isSignedIn: userId !== null };
}
