import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { SessionUser } from '@taquilla/contract';
import { canSaveFullname } from '@taquilla/domain';
import { isApiError } from '../../api/client';
import { fieldErrors } from '../../components/form/field-errors';
import { TextField } from '../../components/form/text-field';
import { useToast } from '../../components/toast/toast-context';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';
import { saveFullname } from './api/save-fullname';
import { useLogoutAndLeave, useSessionLossCheck } from './use-account-actions';
import './account.css';

function FullnameForm({ user }: { user: SessionUser }) {
  const { refresh } = useSession();
  const toast = useToast();
  const checkSessionLoss = useSessionLossCheck();
  const [fullname, setFullname] = useState(user.fullname);
  const [fullnameError, setFullnameError] = useState<string>();
  const [isBusy, setIsBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSaveFullname(fullname) || isBusy) return;
    setIsBusy(true);
    setFullnameError(undefined);
    try {
      await saveFullname(user._id, fullname);
      toast.success(es.account.saved);
      await refresh();
    } catch (error) {
      if (checkSessionLoss(error)) return;
      toast.error(es.account.saveFailed);
      if (isApiError(error)) setFullnameError(fieldErrors(error.fields).fullname);
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form className="form account-form" onSubmit={submit} noValidate>
      <TextField
        label={es.account.email}
        type="email"
        value={user.email}
        readOnly
        hint={es.account.emailReadOnly}
      />
      <TextField
        label={es.account.fullname}
        autoComplete="name"
        value={fullname}
        error={fullnameError}
        onChange={(event) => setFullname(event.target.value)}
      />
      <button
        type="submit"
        className="button button--primary"
        disabled={!canSaveFullname(fullname) || isBusy}
      >
        {isBusy ? es.account.saving : es.account.save}
      </button>
    </form>
  );
}

/** /user (Mis Datos, 002 §2.6): the e-mail read-only, the full name editable. */
export function UserPage() {
  const { user } = useSession();
  const logOut = useLogoutAndLeave();
  if (!user) return null;
  return (
    <section className="page page--narrow account">
      <title>{es.documentTitle(es.account.userTitle)}</title>
      <h1 className="account__title">{es.account.userTitle}</h1>
      <div className="account-panel">
        <FullnameForm user={user} />
        <div className="account-actions">
          <Link to="/user/orders" className="button button--secondary">
            {es.account.myPurchases}
          </Link>
          <button type="button" className="button button--secondary" onClick={() => void logOut()}>
            {es.account.logout}
          </button>
        </div>
      </div>
    </section>
  );
}
