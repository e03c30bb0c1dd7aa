import { useState } from 'react';
import { isApiError } from '../../api/client';
import { fieldErrors } from '../../components/form/field-errors';
import { useToast } from '../../components/toast/toast-context';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';
import { useSessionLossCheck } from './use-account-actions';

/**
 * Saving an account form: a toast either way, the session re-read after a save (the
 * header and the user card show its name), and the server's field messages kept by field.
 */
export function useAccountSave() {
  const { refresh } = useSession();
  const toast = useToast();
  const checkSessionLoss = useSessionLossCheck();
  const [errors, setErrors] = useState<Readonly<Record<string, string>>>({});
  const [isBusy, setIsBusy] = useState(false);

  async function save(send: () => Promise<unknown>) {
    if (isBusy) return;
    setIsBusy(true);
    setErrors({});
    try {
      await send();
      toast.success(es.account.saved);
      await refresh();
    } catch (error) {
      if (checkSessionLoss(error)) return;
      toast.error(es.account.saveFailed);
      if (isApiError(error)) setErrors(fieldErrors(error.fields));
    } finally {
      setIsBusy(false);
    }
  }

  return { errors, isBusy, save };
}
