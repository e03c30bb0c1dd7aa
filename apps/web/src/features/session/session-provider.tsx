import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import { authEndpoints } from '@taquilla/contract/plain';
import type { CurrentSession } from '@taquilla/contract';
import { apiCall, isApiError } from '../../api/client';
import { onRealtimeSessionEnded, resumeRealtime } from '../../api/realtime';
import { SessionContext } from '../../session/session-context';
import type {
  LoginInput,
  SessionContextValue,
  SessionState,
  SignupInput,
} from '../../session/session-context';
import { LoginModal } from './login-modal';

const LOADING: SessionState = { status: 'loading', user: null, session: null, viewer: null };
const ANONYMOUS: SessionState = { status: 'anonymous', user: null, session: null, viewer: null };

/** 401: there is no session; 440: it expired or was ended elsewhere (002 §4). */
function isSessionGone(error: unknown): boolean {
  return isApiError(error) && (error.status === 401 || error.status === 440);
}

/** A logout answered 400 had already ended (002 §4), like one answered 401 or 440. */
function isAlreadyLoggedOut(error: unknown): boolean {
  return isApiError(error) && (error.status === 400 || isSessionGone(error));
}

/**
 * The session as the browser knows it. The `sid` cookie is httpOnly, so who is logged
 * in comes from GET /auth/session; start-up then touches the session (002 §4) so that
 * using the site keeps it alive. Every change bumps an epoch: an answer that arrives
 * after a newer change (a slow start-up check after a login) is dropped.
 */
export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>(LOADING);
  const [isLoginModalOpen, setIsLoginModalOpen] = useState(false);
  const epoch = useRef(0);

  const adopt = useCallback((current: CurrentSession) => {
    epoch.current += 1;
    setState({ status: 'authenticated', ...current });
  }, []);

  const clear = useCallback(() => {
    epoch.current += 1;
    setState(ANONYMOUS);
  }, []);

  useEffect(() => {
    const startedAt = epoch.current;
    let isCancelled = false;
    const isCurrent = (at: number) => !isCancelled && epoch.current === at;

    async function start() {
      let current: CurrentSession;
      try {
        current = await apiCall(authEndpoints.getSession);
      } catch {
        // "No current user" (401) is the normal answer for a visitor and is not reported.
        if (isCurrent(startedAt)) clear();
        return;
      }
      if (!isCurrent(startedAt)) return;
      adopt(current);
      const adoptedAt = epoch.current;
      try {
        const touched = await apiCall(authEndpoints.touchSession, {
          params: { id: current.session._id },
        });
        if (isCurrent(adoptedAt)) adopt(touched);
      } catch (error) {
        if (isCurrent(adoptedAt) && isSessionGone(error)) clear();
      }
    }

    void start();
    return () => {
      isCancelled = true;
    };
  }, [adopt, clear]);

  const refresh = useCallback(async () => {
    const startedAt = epoch.current;
    try {
      const current = await apiCall(authEndpoints.getSession);
      if (epoch.current === startedAt) adopt(current);
    } catch (error) {
      if (epoch.current === startedAt && isSessionGone(error)) clear();
    }
  }, [adopt, clear]);

  // The server closed the realtime socket because its session ended (4401, decision
  // 0052): the session is re-read as after a 401 (gone: logged out here too; a newer
  // login in another tab: adopted), and only then does the socket come back.
  useEffect(
    () =>
      onRealtimeSessionEnded(() => {
        void refresh().finally(resumeRealtime);
      }),
    [refresh],
  );

  const login = useCallback(
    async ({ email, password, forceLogin, role }: LoginInput) => {
      const answer = await apiCall(authEndpoints.login, {
        body: {
          username: email.trim(),
          password,
          role: role ?? 'Viewer',
          ...(forceLogin ? { forceLogin: true } : {}),
        },
      });
      // The login answer has no viewer; the session call carries it.
      const current = (await apiCall(authEndpoints.getSession).catch(() => null)) ?? {
        ...answer,
        viewer: null,
      };
      adopt(current);
      return current;
    },
    [adopt],
  );

  const signup = useCallback(
    async (input: SignupInput) => {
      // Signing up is rare next to loading a page: its calls arrive with the signup form.
      const { SignupError, signUp } = await import('./api/sign-up');
      try {
        const current = await signUp(input);
        adopt(current);
        return current;
      } catch (error) {
        // The account exists and its cookie is set even though a later step failed.
        if (error instanceof SignupError && error.isSignedIn) await refresh();
        throw error;
      }
    },
    [adopt, refresh],
  );

  const sessionId = state.session?._id;
  const logout = useCallback(async () => {
    if (sessionId) {
      try {
        await apiCall(authEndpoints.logout, { params: { id: sessionId } });
      } catch (error) {
        if (!isAlreadyLoggedOut(error)) throw error;
      }
    }
    clear();
  }, [sessionId, clear]);

  const openLoginModal = useCallback(() => setIsLoginModalOpen(true), []);
  const closeLoginModal = useCallback(() => setIsLoginModalOpen(false), []);

  const value = useMemo<SessionContextValue>(
    () => ({ ...state, login, signup, logout, refresh, openLoginModal }),
    [state, login, signup, logout, refresh, openLoginModal],
  );

  return (
    <SessionContext.Provider value={value}>
      {children}
      <LoginModal isOpen={isLoginModalOpen} onClose={closeLoginModal} />
    </SessionContext.Provider>
  );
}
