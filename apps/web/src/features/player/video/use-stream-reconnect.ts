import { useCallback, useEffect, useRef, useState } from 'react';
import { STREAM_PLAYING, retryDelayMs, streamAfter } from './stream-reconnect';
import type { StreamState } from './stream-reconnect';

/**
 * The reconnecting state of one load of a live stream (`loadKey`: its source and live
 * control's reload key; a new one starts afresh). While `isLive`, an interruption waits
 * `retryDelayMs`, then calls `onRetry` (the page asks for the playback again: the status
 * may have changed meanwhile) and the caller mounts a fresh video (`retries` in its key).
 */
export function useStreamReconnect(input: {
  loadKey: string;
  isLive: boolean;
  onRetry?: () => void;
}) {
  const { loadKey, isLive } = input;
  const [kept, setKept] = useState<{ loadKey: string; state: StreamState }>({
    loadKey,
    state: STREAM_PLAYING,
  });
  const onRetry = useRef(input.onRetry);
  onRetry.current = input.onRetry;
  const state = kept.loadKey === loadKey ? kept.state : STREAM_PLAYING;
  const isWaiting = isLive && state.phase === 'waiting';

  const signal = useCallback(
    (next: 'interrupted' | 'retry' | 'playing') =>
      setKept((current) => {
        const from = current.loadKey === loadKey ? current.state : STREAM_PLAYING;
        const after = streamAfter(from, next);
        return after === from && current.loadKey === loadKey ? current : { loadKey, state: after };
      }),
    [loadKey],
  );

  useEffect(() => {
    if (!isWaiting) return;
    const timer = window.setTimeout(() => {
      signal('retry');
      onRetry.current?.();
    }, retryDelayMs(state.attempt));
    return () => window.clearTimeout(timer);
  }, [isWaiting, state.attempt, signal]);

  const interrupted = useCallback(() => signal('interrupted'), [signal]);
  const playing = useCallback(() => signal('playing'), [signal]);
  return {
    /** A VOD never reconnects: its phase reads `playing` whatever happened. */
    phase: isLive ? state.phase : 'playing',
    retries: state.retries,
    interrupted,
    playing,
  };
}
