import { useCallback, useEffect, useRef, useState } from 'react';
import { endpoints, playerEndpoints } from '@taquilla/contract/plain';
import type { GeoLocation, Show } from '@taquilla/contract';
import { ApiError, apiCall } from '../../../api/client';
import { es } from '../../../i18n/es';
import { accessFromRefusal } from '../player-access';
import type { PlayerAccess } from '../player-access';
import { loadGeo } from '../../../api/geo-cookie';
import { keepViewerToken, readViewerToken } from './viewer-token-store';

export type PlayerLoad =
  | { status: 'loading' }
  | { status: 'ready'; show: Show | null; geo: GeoLocation | null; access: PlayerAccess };

export type PlayerLoadActions = {
  /** Asks again (a `start` heard on the cover, a failed load), with this device's token if known. */
  retry: () => void;
  /** Asks again as the device holding `device` (the single-device token), and keeps it for later calls. */
  reload: (device: string | null) => void;
};

function asApiError(error: unknown): ApiError {
  return error instanceof ApiError
    ? error
    : new ApiError(0, 'INTERNAL_ERROR', es.errors.unexpected);
}

/**
 * The player's load flow (002 §4): the show, the location and the playback call at
 * once. The server applies every access rule (mode, code, ticket, status, region) in
 * the playback call, so the page never decides access itself; `retry` asks again (a
 * `start` heard on the cover, a failed load) and keeps the last screen meanwhile.
 *
 * The first call is a new entry. Once this page holds the code's device token (decision
 * 0026), every later call sends it as `device`, so the server refuses a device another
 * one has replaced (403 DEVICE_REPLACED, the second-device screen). A password show's
 * viewer token (decision 0063) goes back with every call and is kept as renewed.
 */
export function usePlayerAccess(input: {
  showId: string;
  code: string | null;
  isJustActivated: boolean;
  /**
   * The show as the route has just read it (its address, decision 0075): the first load
   * uses it instead of asking again; `retry` and `reload` read it afresh.
   */
  show?: Show | null;
}): PlayerLoad & PlayerLoadActions {
  const { showId, code, isJustActivated } = input;
  const routeShow = useRef(input.show ?? null);
  routeShow.current = input.show ?? null;
  const [attempt, setAttempt] = useState(0);
  const scope = `${showId} ${code ?? ''}`;
  const key = `${scope} #${attempt}`;
  const [result, setResult] = useState<{ key: string; load: PlayerLoad } | null>(null);
  const device = useRef<{ scope: string; token: string } | null>(null);
  const retry = useCallback(() => setAttempt((value) => value + 1), []);
  const reload = useCallback(
    (token: string | null) => {
      if (token) device.current = { scope, token };
      setAttempt((value) => value + 1);
    },
    [scope],
  );

  useEffect(() => {
    const controller = new AbortController();
    const { signal } = controller;
    const given = attempt === 0 && routeShow.current?._id === showId ? routeShow.current : null;
    const show = given
      ? Promise.resolve(given)
      : apiCall(endpoints.getShow, { params: { id: showId }, signal }).catch(() => null);
    const geo = loadGeo(signal);
    const token = device.current?.scope === scope ? device.current.token : null;
    const viewerToken = readViewerToken(showId);
    const playback = apiCall(playerEndpoints.getPlayback, {
      params: { id: showId },
      query: {
        ...(code ? { code } : {}),
        ...(token ? { device: token } : {}),
        ...(viewerToken ? { viewer_token: viewerToken } : {}),
      },
      signal,
    }).then(
      (answer) => {
        if (answer.viewer_token) keepViewerToken([showId, answer.show_uid], answer.viewer_token);
        return { ok: true as const, answer };
      },
      (error: unknown) => ({ ok: false as const, error }),
    );
    Promise.all([show, geo, playback]).then(([showAnswer, location, outcome]) => {
      if (signal.aborted) return;
      const access: PlayerAccess = outcome.ok
        ? { kind: 'granted', playback: outcome.answer }
        : accessFromRefusal({
            error: asApiError(outcome.error),
            show: showAnswer,
            showId,
            code,
            isJustActivated,
          });
      setResult({ key, load: { status: 'ready', show: showAnswer, geo: location, access } });
    });
    return () => controller.abort();
  }, [key, attempt, scope, showId, code, isJustActivated]);

  // While asking again for the same show, the screen it shows stays (no flash of loading).
  if (!result || (result.key !== key && !result.key.startsWith(`${showId} `))) {
    return { status: 'loading', retry, reload };
  }
  return { ...result.load, retry, reload };
}
