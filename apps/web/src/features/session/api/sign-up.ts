import { accountEndpoints } from '@taquilla/contract/plain';
import type { CurrentSession, FieldIssue } from '@taquilla/contract';
import { apiCall, isApiError } from '../../../api/client';
import { es } from '../../../i18n/es';
import type { SignupInput } from '../../../session/session-context';

/**
 * Why a signup failed, with the message to show: the e-mail is taken, the server refused
 * fields (422, shown next to them), too many attempts (429, the server's words), or
 * anything else ("No fue posible procesar tu registro"). `isSignedIn` says the account
 * was created (and its cookie set) before a later step failed.
 */
export class SignupError extends Error {
  override readonly name = 'SignupError';

  constructor(
    message: string,
    readonly fields: readonly FieldIssue[] = [],
    readonly isSignedIn = false,
  ) {
    super(message);
  }
}

function toSignupError(error: unknown, isSignedIn: boolean): SignupError {
  if (!isApiError(error)) return new SignupError(es.signup.failed, [], isSignedIn);
  if (error.error === 'USER_ALREADY_EXISTS') return new SignupError(es.signup.userExists);
  if (error.status === 422) return new SignupError(es.signup.failed, error.fields, isSignedIn);
  if (error.status === 429) return new SignupError(error.message, [], isSignedIn);
  return new SignupError(es.signup.failed, [], isSignedIn);
}

/**
 * Signup runs four calls (002 §4): does the account exist, create the user (which sets
 * the session cookie), create its viewer, then the session as the client keeps it.
 */
export async function signUp(input: SignupInput): Promise<CurrentSession> {
  const email = input.email.trim();
  let userId: string;
  try {
    const { userExists } = await apiCall(accountEndpoints.userExists, { body: { email } });
    if (userExists) throw new SignupError(es.signup.userExists);
    const created = await apiCall(accountEndpoints.createUser, {
      body: {
        username: email,
        email,
        password: input.password,
        fullname: input.fullname.trim(),
        roles: ['Viewer'],
      },
    });
    userId = created.user._id;
  } catch (error) {
    throw error instanceof SignupError ? error : toSignupError(error, false);
  }
  try {
    await apiCall(accountEndpoints.createViewer, { body: { user_uid: userId } });
    return await apiCall(accountEndpoints.createSession, {
      body: { user_uid: userId, username: email, role: 'Viewer' },
    });
  } catch (error) {
    throw toSignupError(error, true);
  }
}
