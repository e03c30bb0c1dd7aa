import { useEffect, useRef, useState } from 'react';
import { deviceChannelDataSchema } from '@taquilla/contract';
import { PRESENCE_INTERVAL_MS } from '@taquilla/domain';
import { listenToChannel, sendRealtime } from '../../api/realtime';

export type SingleDeviceStatus = 'idle' | 'entering' | 'active' | 'replaced';

export type SingleDevice = {
  status: SingleDeviceStatus;
  /** This device's token: send it to GET /shows/{id}/playback as `device`. */
  token: string | null;
};

/**
 * One device per code (001 §4 single-device rule, decision 0026). Entering subscribes to
 * `show-access/{showId}/codes/{code}`: the server writes a new token for the code and
 * tells any earlier device. After a reconnection this device resumes with its token, so
 * it does not take the code back from a newer one. Once replaced it stops listening (the
 * page shows SecondDeviceScreen; a reload enters again). While active it sends a presence
 * record every 180000 ms (001 §7).
 *
 * `code` is the playback call's `code` (the one the server keeps); null (or no show)
 * leaves the rule idle.
 */
export function useSingleDevice(showId: string | null, code: string | null): SingleDevice {
  const [status, setStatus] = useState<SingleDeviceStatus>('idle');
  const [token, setToken] = useState<string | null>(null);
  const tokenRef = useRef<string | null>(null);

  useEffect(() => {
    if (!showId || !code) {
      setStatus('idle');
      return;
    }
    const channel = `show-access/${showId}/codes/${code}`;
    tokenRef.current = null;
    setToken(null);
    setStatus('entering');
    let presence: ReturnType<typeof setInterval> | null = null;
    const stopPresence = () => {
      if (presence) clearInterval(presence);
      presence = null;
    };
    const stop = listenToChannel(
      channel,
      {
        onMessage: (data) => {
          const parsed = deviceChannelDataSchema.safeParse(data);
          if (!parsed.success) return;
          if (parsed.data.type === 'device') {
            tokenRef.current = parsed.data.token;
            setToken(parsed.data.token);
            setStatus('active');
            presence ??= setInterval(
              () => sendRealtime({ action: 'sendPresence', channel_id: channel }),
              PRESENCE_INTERVAL_MS,
            );
          } else if (parsed.data.type === 'device-replaced') {
            stopPresence();
            setStatus('replaced');
            stop();
          }
        },
        // The same account logged in on another device or browser (4409, decision 0052):
        // for this page that is the second device taking over.
        onSessionEnded: (_message, replaced) => {
          if (!replaced) return;
          stopPresence();
          setStatus('replaced');
          stop();
        },
        // A channel the hub refuses (the code is not this socket's): the rule cannot apply.
        onError: () => {
          stopPresence();
          setStatus('idle');
        },
      },
      {
        join: () => ({
          action: 'subscribe',
          channel,
          ...(tokenRef.current ? { device: tokenRef.current } : {}),
        }),
      },
    );
    return () => {
      stopPresence();
      stop();
    };
  }, [showId, code]);

  return { status, token };
}
