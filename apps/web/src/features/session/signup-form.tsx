import { useState } from 'react';
import type { FormEvent } from 'react';
import {
  PASSWORD_MIN_LENGTH,
  canSubmitPanelSignup,
  canSubmitSignup,
  isEmailConfirmationWrong,
  isPasswordConfirmationWrong,
} from '@taquilla/domain';
import { fieldErrors } from '../../components/form/field-errors';
import { FormAlert } from '../../components/form/form-alert';
import { PasswordField } from '../../components/form/password-field';
import { SubmitButton } from '../../components/form/submit-button';
import { TextField } from '../../components/form/text-field';
import { useToast } from '../../components/toast/toast-context';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';
import { SignupError } from './api/sign-up';

type SignupFormProps = {
  /** The login panel's signup mode asks for the e-mail twice; the /signup page does not. */
  asksEmailTwice: boolean;
  onSignedUp?: () => void;
};

const EMPTY = {
  fullname: '',
  email: '',
  emailConfirmation: '',
  password: '',
  passwordConfirmation: '',
};

export function SignupForm({ asksEmailTwice, onSignedUp }: SignupFormProps) {
  const { signup } = useSession();
  const toast = useToast();
  const [form, setForm] = useState(EMPTY);
  const [failure, setFailure] = useState<{ message: string; fields: Record<string, string> }>();
  const [isBusy, setIsBusy] = useState(false);

  const isComplete = asksEmailTwice ? canSubmitPanelSignup(form) : canSubmitSignup(form);
  const serverErrors = failure?.fields ?? {};

  function change(field: keyof typeof EMPTY, value: string) {
    setForm((current) => ({ ...current, [field]: value }));
    // A corrected field no longer carries the server's complaint about it.
    setFailure((current) =>
      current && current.fields[field]
        ? { ...current, fields: { ...current.fields, [field]: '' } }
        : current,
    );
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!isComplete || isBusy) return;
    setIsBusy(true);
    setFailure(undefined);
    try {
      await signup({ fullname: form.fullname, email: form.email, password: form.password });
      toast.success(es.signup.welcome);
      onSignedUp?.();
    } catch (error) {
      const signupError = error instanceof SignupError ? error : new SignupError(es.signup.failed);
      // Signed in despite the failure: the page is about to move on, so the toast carries it.
      if (signupError.isSignedIn) toast.error(signupError.message);
      setFailure({ message: signupError.message, fields: { ...fieldErrors(signupError.fields) } });
    } finally {
      setIsBusy(false);
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate>
      <TextField
        label={es.signup.fullname}
        autoComplete="name"
        value={form.fullname}
        error={serverErrors.fullname}
        onChange={(event) => change('fullname', event.target.value)}
      />
      <TextField
        label={es.signup.email}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={form.email}
        error={serverErrors.email}
        onChange={(event) => change('email', event.target.value)}
      />
      {asksEmailTwice && (
        <TextField
          label={es.signup.emailConfirmation}
          type="email"
          autoComplete="email"
          inputMode="email"
          value={form.emailConfirmation}
          error={
            isEmailConfirmationWrong(form.email, form.emailConfirmation)
              ? es.signup.emailMismatch
              : null
          }
          onChange={(event) => change('emailConfirmation', event.target.value)}
        />
      )}
      <PasswordField
        label={es.signup.password}
        autoComplete="new-password"
        value={form.password}
        hint={es.signup.passwordHint(PASSWORD_MIN_LENGTH)}
        error={serverErrors.password}
        onChange={(event) => change('password', event.target.value)}
      />
      <PasswordField
        label={es.signup.passwordConfirmation}
        autoComplete="new-password"
        value={form.passwordConfirmation}
        error={
          isPasswordConfirmationWrong(form.password, form.passwordConfirmation)
            ? es.signup.passwordMismatch
            : null
        }
        onChange={(event) => change('passwordConfirmation', event.target.value)}
      />
      {failure && (
        <FormAlert>
          <p>{failure.message}</p>
        </FormAlert>
      )}
      <SubmitButton disabled={!isComplete} isBusy={isBusy} busyLabel={es.signup.submitting}>
        {es.signup.submit}
      </SubmitButton>
    </form>
  );
}
