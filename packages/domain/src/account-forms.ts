/*
 * The account forms' rules (002 §5). Each answers whether a form may be sent; what the
 * server checks beyond them (e-mail format, password policy) comes back as field messages.
 * Names and e-mails count once trimmed; passwords count exactly as typed.
 */

function hasText(value: string): boolean {
  return value.trim() !== '';
}

function sameEmail(a: string, b: string): boolean {
  // The server stores e-mails in lower case, so "Ana@Correo.gt" and "ana@correo.gt" agree.
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

/** Login submit is enabled only when e-mail and password are non-empty. */
export function canSubmitLogin(form: { email: string; password: string }): boolean {
  return hasText(form.email) && form.password !== '';
}

export type SignupForm = {
  fullname: string;
  email: string;
  password: string;
  passwordConfirmation: string;
};

/** /signup: name, e-mail and password non-empty, and the password equal to its confirmation. */
export function canSubmitSignup(form: SignupForm): boolean {
  return (
    hasText(form.fullname) &&
    hasText(form.email) &&
    form.password !== '' &&
    form.password === form.passwordConfirmation
  );
}

/** The login panel's signup mode also asks for the e-mail twice. */
export function canSubmitPanelSignup(form: SignupForm & { emailConfirmation: string }): boolean {
  return canSubmitSignup(form) && sameEmail(form.email, form.emailConfirmation);
}

/** A confirmation field disagrees once something is typed in it (not while it is empty). */
export function isEmailConfirmationWrong(email: string, confirmation: string): boolean {
  return confirmation !== '' && !sameEmail(email, confirmation);
}

export function isPasswordConfirmationWrong(password: string, confirmation: string): boolean {
  return confirmation !== '' && password !== confirmation;
}

/** Password request needs a non-empty e-mail. */
export function canRequestPasswordReset(email: string): boolean {
  return hasText(email);
}

/** Password reset: both fields non-empty and equal. */
export function canSubmitPasswordReset(password: string, confirmation: string): boolean {
  return password !== '' && password === confirmation;
}

/** Mis Datos: the full name must not be empty. */
export function canSaveFullname(fullname: string): boolean {
  return hasText(fullname);
}

/** Mi Perfil: saving is disabled while the first name or the last name is empty. */
export function canSaveProfile(form: { firstname: string; lastname: string }): boolean {
  return hasText(form.firstname) && hasText(form.lastname);
}
