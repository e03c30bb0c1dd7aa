import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { SessionUser } from '@taquilla/contract';
import { canSaveFullname } from '@taquilla/domain';
import { TextField } from '../../components/form/text-field';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';
import { saveFullname } from './api/save-fullname';
import { useLogoutAndLeave } from './use-account-actions';
import { useAccountSave } from './use-account-save';
import './account.css';

function FullnameForm({ user }: { user: SessionUser }) {
  const { errors, isBusy, save } = useAccountSave();
  const [fullname, setFullname] = useState(user.fullname);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!canSaveFullname(fullname)) return;
    await save(() => saveFullname(user._id, fullname));
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
        error={errors.fullname}
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
