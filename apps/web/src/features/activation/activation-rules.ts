import {
  TICKET_CODE_LENGTH,
  isEmailConfirmationWrong,
  isPasswordConfirmationWrong,
  normalizeTicketCode,
} from '@taquilla/domain';
import { esActivation } from './es-activation';

const t = esActivation;

/** Who the person is when they activate: already signed in, or logging in, or signing up. */
export type AccountMode = 'session' | 'login' | 'signup';

export type ActivationValues = {
  code: string;
  email: string;
  password: string;
  fullname: string;
  emailConfirm: string;
  passwordConfirm: string;
};

export type ActivationField = keyof ActivationValues;
export type ActivationProblems = Partial<Record<ActivationField, string>>;

export const EMPTY_ACTIVATION: ActivationValues = {
  code: '',
  email: '',
  password: '',
  fullname: '',
  emailConfirm: '',
  passwordConfirm: '',
};

/** 000 §5 Ticket code input: at most 6 characters, shown and sent upper-cased. */
export function typedTicketCode(value: string): string {
  return normalizeTicketCode(value).replace(/\s+/g, '').slice(0, TICKET_CODE_LENGTH);
}

const FIELDS_BY_MODE: Readonly<Record<AccountMode, readonly ActivationField[]>> = {
  session: ['code'],
  login: ['code', 'email', 'password'],
  signup: ['code', 'fullname', 'email', 'emailConfirm', 'password', 'passwordConfirm'],
};

/**
 * 000 §5: the code is required; without a session the login credentials, or every signup
 * field with matching confirmations, are required too. Each field in trouble gets a red
 * border (and says why), and the form says "Por favor llena todos los campos con borde rojo".
 */
export function activationProblems(
  values: ActivationValues,
  mode: AccountMode,
): ActivationProblems {
  const problems: ActivationProblems = {};
  for (const field of FIELDS_BY_MODE[mode]) {
    const value =
      field === 'password' || field === 'passwordConfirm' ? values[field] : values[field].trim();
    if (value === '') problems[field] = t.required;
  }
  if (mode === 'signup') {
    if (!problems.emailConfirm && isEmailConfirmationWrong(values.email, values.emailConfirm)) {
      problems.emailConfirm = t.emailMismatch;
    }
    if (
      !problems.passwordConfirm &&
      isPasswordConfirmationWrong(values.password, values.passwordConfirm)
    ) {
      problems.passwordConfirm = t.passwordMismatch;
    }
  }
  return problems;
}
