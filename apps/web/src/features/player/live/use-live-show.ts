import { useEffect, useRef, useState } from 'react';
import { liveEndpoints } from '@taquilla/contract/plain';
import type * as Contract from '@taquilla/contract';
import type { ShowEvent, ShowStatus } from '@taquilla/contract';
import { apiCall } from '../../../api/client';
import { listenToChannel } from '../../../api/realtime';
import { applyShowEvent, initialLiveView } from './live-view';
import type { LiveView } from './live-view';

export type RealtimeState = 'connected' | 'reconnecting';

/*
 * The channel's events are checked against the contract's schema, which comes with zod and
 * every schema of the contract: it loads once the page listens, after its first view,
 * not with the player's code (decision 0075); loaded once, and again after a failure.
 */
let eventSchema: Promise<typeof Contract.showEventSchema> | null = null;
/** The schema once loaded: events are then applied as they come, without a wait. */
let loadedEventSchema: typeof Contract.showEventSchema | null = null;

function loadEventSchema() {
  eventSchema ??= import('@taquilla/contract').then(
    (contract) => (loadedEventSchema = contract.showEventSchema),
    (error: unknown) => {
      eventSchema = null;
      throw error;
    },
  );
  return eventSchema;
}

export type LiveShow = {
  view: LiveView;
  realtime: RealtimeState;
  /** The server ended the socket because the session ended (decision 0052): its Spanish text. */
  sessionEnded: string | null;
  /** The server closed the socket for a limit (decision 0063): its Spanish text, until it is back. */
  limited: string | null;
};

type Options = {
  /** The show's `_id` (the channel and GET …/events/current take the id, not a vanity path). */
  showId: string;
  status: ShowStatus;
  /**
   * Called for every event heard live, and for the current event read once the channel is
   * joined (`joinedLate`), after it is applied: a waiting page may retry its access.
   */
  onEvent?: (event: ShowEvent, heard: { joinedLate: boolean }) => void;
  /**
   * The server closed the socket because the ticket this page watches with was revoked
   * (4403: its order was cancelled or refunded, decision 0064): its Spanish reason.
   */
  onAccessRevoked?: (message: string) => void;
};

/**
 * Listens to `show-events/{showId}` and reads the show's current event (GET
 * /shows/{id}/events/current) once the hub confirms the subscription, so nothing said in
 * between is lost (read sooner, a `start` said while the subscription is made would be in
 * neither); whichever is newer wins. When the hub refuses the channel, or the socket
 * cannot connect, the current event is read at once all the same. When the socket drops
 * the page says it is reconnecting; once it is back and joined again the current event is
 * read again, as events may have been missed.
 * The caller mounts it once per show and status (a React `key`), so the view starts fresh.
 */
export function useLiveShow({ showId, status, onEvent, onAccessRevoked }: Options): LiveShow {
  const [view, setView] = useState<LiveView>(() => initialLiveView(status));
  const [realtime, setRealtime] = useState<RealtimeState>('connected');
  const [sessionEnded, setSessionEnded] = useState<string | null>(null);
  const [limited, setLimited] = useState<string | null>(null);
  const onEventRef = useRef(onEvent);
  onEventRef.current = onEvent;
  const onAccessRevokedRef = useRef(onAccessRevoked);
  onAccessRevokedRef.current = onAccessRevoked;

  useEffect(() => {
    const controller = new AbortController();

    let hasRead = false;
    const readCurrent = () => {
      hasRead = true;
      apiCall(liveEndpoints.getCurrentShowEvent, {
        params: { id: showId },
        signal: controller.signal,
      }).then(
        ({ event }) => {
          if (!event || controller.signal.aborted) return;
          setView((current) => applyShowEvent(current, event, { joinedLate: true, status }));
          onEventRef.current?.(event, { joinedLate: true });
        },
        // Without it the page shows what the status says; the channel still brings what comes next.
        () => undefined,
      );
    };

    const apply = (schema: typeof Contract.showEventSchema, data: unknown) => {
      if (controller.signal.aborted) return;
      const parsed = schema.safeParse(data);
      if (!parsed.success) return;
      const event = parsed.data;
      setView((current) => applyShowEvent(current, event, { joinedLate: false, status }));
      onEventRef.current?.(event, { joinedLate: false });
    };
    // Until it is loaded, messages wait for it in the order they came (one promise's
    // callbacks run in order, before any later message).
    const schema = loadEventSchema();
    schema.catch(() => undefined);
    const stopListening = listenToChannel(`show-events/${showId}`, {
      onMessage: (data) => {
        if (loadedEventSchema) {
          apply(loadedEventSchema, data);
          return;
        }
        // Without the schema an event cannot be trusted; a reconnection reads the current one.
        schema.then((loaded) => apply(loaded, data)).catch(() => undefined);
      },
      onJoined: readCurrent,
      // Not joined: what the status and the current event say, until the channel is back.
      onError: () => {
        if (!hasRead) readCurrent();
      },
      onDisconnect: () => {
        setRealtime('reconnecting');
        if (!hasRead) readCurrent();
      },
      onSessionEnded: setSessionEnded,
      onAccessRevoked: (message) => onAccessRevokedRef.current?.(message),
      onLimited: setLimited,
      onReconnect: () => {
        setRealtime('connected');
        setLimited(null);
      },
    });

    return () => {
      controller.abort();
      stopListening();
    };
  }, [showId, status]);

  return { view, realtime, sessionEnded, limited };
}
