import { useState } from 'react';
import { Link } from 'react-router-dom';
import { GUEST_CHECKOUT_PATH, offersGuestCheckout } from '@taquilla/domain';
import { es } from '../../i18n/es';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';
import './session.css';

export type LoginPanelMode = 'login' | 'signup';

type LoginPanelProps = {
  initialMode?: LoginPanelMode;
  initialEmail?: string;
  /** Where the person is headed (the login page's `redirect`); decides the guest option. */
  redirect?: string | null;
  /** Called once logged in or signed up; the page moves on by itself. */
  onDone?: () => void;
  /** Told when the mode changes, for a page whose title follows it. */
  onModeChange?: (mode: LoginPanelMode) => void;
};

/**
 * The login and signup panel (002 §2.3, §4): one toggles to the other. Used by the
 * /login page and by the "Ingresa a tu cuenta" modal.
 */
export function LoginPanel({
  initialMode = 'login',
  initialEmail,
  redirect = null,
  onDone,
  onModeChange,
}: LoginPanelProps) {
  const [mode, setMode] = useState<LoginPanelMode>(initialMode);

  function switchTo(next: LoginPanelMode) {
    setMode(next);
    onModeChange?.(next);
  }

  return (
    <div className="auth-panel">
      {mode === 'login' ? (
        <LoginForm initialEmail={initialEmail} onLoggedIn={onDone} />
      ) : (
        <SignupForm asksEmailTwice onSignedUp={onDone} />
      )}

      <p className="form-page__footer">
        {mode === 'login' ? es.login.noAccount : es.login.haveAccount}{' '}
        <button
          type="button"
          className="link-button"
          onClick={() => switchTo(mode === 'login' ? 'signup' : 'login')}
        >
          {mode === 'login' ? es.login.register : es.login.logIn}
        </button>
      </p>

      {offersGuestCheckout(redirect) && (
        <div className="auth-panel__guest">
          <p className="auth-panel__divider">
            <span>{es.login.or}</span>
          </p>
          <Link to={GUEST_CHECKOUT_PATH} className="button button--secondary form__submit">
            {es.login.guest}
          </Link>
          <p className="auth-panel__hint">{es.login.guestHint}</p>
        </div>
      )}
    </div>
  );
}
