import { createContext, useContext } from 'react';
import type { CurrentSession, Role, Session, SessionUser, ViewerRef } from '@taquilla/contract';

/*
 * Who is logged in, for every feature. This file is the shared side of the session:
 * the state's shape and the hook. features/session provides it (the calls, the login
 * panel and its modal), so a feature that needs the user reads it from here and never
 * imports another feature.
 */

/** 002 §4: logged out or logged in; `loading` until start-up has asked the server. */
export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

/** `role`: the role the session acts in; buyers' forms leave it out (Viewer), the console's login names it. */
export type LoginInput = { email: string; password: string; forceLogin?: boolean; role?: Role };
export type SignupInput = { fullname: string; email: string; password: string };

export type SessionState = {
  status: SessionStatus;
  user: SessionUser | null;
  session: Session | null;
  viewer: ViewerRef | null;
};

export type SessionActions = {
  /**
   * POST /auth/login (as a Viewer unless `role` says otherwise); resolves to the session it opened (its viewer is null when
   * the session could not be read), rejects with the ApiError (401, 409…) for the form to show.
   */
  login: (input: LoginInput) => Promise<CurrentSession>;
  /** The four signup calls (002 §4); resolves to the new session, rejects with a SignupError. */
  signup: (input: SignupInput) => Promise<CurrentSession>;
  /** Ends the session; a session that had already ended (400, 440, 401) also counts as out. */
  logout: () => Promise<void>;
  /** Asks the server again (after a profile change, or a call answered 401 or 440). */
  refresh: () => Promise<void>;
  /** Opens the "Ingresa a tu cuenta" modal over the current page. */
  openLoginModal: () => void;
};

export type SessionContextValue = SessionState & SessionActions;

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession needs a <SessionProvider> above it');
  return value;
}
