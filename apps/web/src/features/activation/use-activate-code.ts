import { useCallback } from 'react';
import { activationEndpoints } from '@taquilla/contract/plain';
import { apiCall, isApiError } from '../../api/client';
import { useSession } from '../../session/session-context';
import type { AccountMode, ActivationValues } from './activation-rules';
import { esActivation } from './es-activation';

const t = esActivation;

export type ActivationOutcome =
  /** `livestream`: the ticket opens the stream; else it is a place at the venue (decision 0058). */
  | { kind: 'activated'; showId: string; livestream: boolean }
  /** 409: this viewer already has a ticket activated for that show. */
  | { kind: 'alreadyActivated'; showId: string | null; livestream: boolean }
  | { kind: 'failed'; message: string; isActiveSession?: boolean };

const failed = (message: string): ActivationOutcome => ({ kind: 'failed', message });

/** 000 §8 Activation: no response, 401, and any other status, with the server's reason. */
function activationFailure(error: unknown): ActivationOutcome {
  if (!isApiError(error) || error.status === 0) return failed(t.noResponse);
  if (error.status === 401) return failed(t.invalidCredentials);
  if (error.status >= 400 && error.status < 500 && error.message) {
    return failed(`${t.failed}. ${error.message}`);
  }
  return failed(t.failed);
}

function loginFailure(error: unknown): ActivationOutcome {
  if (!isApiError(error) || error.status === 0) return failed(t.noResponse);
  if (error.status === 409)
    return { kind: 'failed', message: t.activeSession, isActiveSession: true };
  if (error.status === 401 || error.status === 422) return failed(t.invalidCredentials);
  return failed(error.message || t.failed);
}

function showIdOf(body: unknown): string | null {
  if (typeof body !== 'object' || body === null || !('show_uid' in body)) return null;
  return typeof body.show_uid === 'string' ? body.show_uid : null;
}

/**
 * Whether the ticket the viewer already holds for a show opens its stream. When it
 * cannot be read, the player is tried as before: it answers for itself.
 */
async function holdsStream(viewerId: string, showId: string | null): Promise<boolean> {
  if (!showId) return true;
  try {
    const access = await apiCall(activationEndpoints.getViewerShow, {
      params: { viewerId, showId },
    });
    return access.livestream;
  } catch {
    return true;
  }
}

/**
 * Activates a ticket code (000 §2, §7): signs the person in or up first when there is no
 * session (with the session feature's own calls, whose answer names the new viewer), then
 * POST /viewers/viewers/{viewerId}/activate/{code} for the session's viewer.
 */
export function useActivateCode() {
  const { viewer, login, signup } = useSession();
  const viewerId = viewer?._id ?? null;

  return useCallback(
    async (
      values: ActivationValues,
      mode: AccountMode,
      forceLogin = false,
    ): Promise<ActivationOutcome> => {
      let activatingViewer = viewerId;
      if (mode === 'login') {
        try {
          const opened = await login({
            email: values.email,
            password: values.password,
            forceLogin,
          });
          activatingViewer = opened.viewer?._id ?? null;
        } catch (error) {
          return loginFailure(error);
        }
      } else if (mode === 'signup') {
        try {
          const opened = await signup({
            fullname: values.fullname,
            email: values.email,
            password: values.password,
          });
          activatingViewer = opened.viewer?._id ?? null;
        } catch (error) {
          return failed(error instanceof Error && error.message ? error.message : t.failed);
        }
      }
      if (!activatingViewer) return failed(t.noViewer);

      const code = values.code;
      try {
        const result = await apiCall(activationEndpoints.activateCode, {
          params: { viewerId: activatingViewer, code },
          body: {
            payment_type: 'CODE',
            payment_info: { request_code: code },
            tickets: [],
            livestream: true,
            replay: true,
            meetngreet: false,
          },
        });
        return { kind: 'activated', showId: result.show_uid, livestream: result.livestream };
      } catch (error) {
        if (isApiError(error) && error.status === 409) {
          const showId = showIdOf(error.body);
          const livestream = await holdsStream(activatingViewer, showId);
          return { kind: 'alreadyActivated', showId, livestream };
        }
        return activationFailure(error);
      }
    },
    [viewerId, login, signup],
  );
}
