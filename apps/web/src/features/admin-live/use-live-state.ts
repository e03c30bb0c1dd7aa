import { useCallback, useEffect, useState } from 'react';
import { showEventSchema } from '@taquilla/contract';
import { liveEndpoints } from '@taquilla/contract/plain';
import type { ShowEvent } from '@taquilla/contract';
import { apiCall } from '../../api/client';
import { listenToChannel } from '../../api/realtime';

function newer(current: ShowEvent | null, candidate: ShowEvent | null): ShowEvent | null {
  if (!candidate) return current;
  if (!current) return candidate;
  return candidate.data.created_at >= current.data.created_at ? candidate : current;
}

/**
 * The last live event of a show as the control room shows it: `show-events/{id}` is
 * heard first, then GET /shows/{id}/events/current is read, and the newer of the two
 * by `created_at` is kept (decision 0024), so an event another organiser sends from a
 * second screen shows here too. `issues` arrives on the channel as well: the room shows
 * it although players ignore it.
 */
export function useLiveState(showId: string) {
  const [event, setEvent] = useState<ShowEvent | null>(null);

  useEffect(() => {
    setEvent(null);
    const controller = new AbortController();
    const stop = listenToChannel(`show-events/${showId}`, {
      onMessage: (data) => {
        const parsed = showEventSchema.safeParse(data);
        if (parsed.success) setEvent((current) => newer(current, parsed.data));
      },
    });
    apiCall(liveEndpoints.getCurrentShowEvent, {
      params: { id: showId },
      signal: controller.signal,
    }).then(
      (state) => setEvent((current) => newer(current, state.event)),
      () => undefined,
    );
    return () => {
      controller.abort();
      stop();
    };
  }, [showId]);

  /** The event this screen just sent, as the API answered it. */
  const sent = useCallback((sentEvent: ShowEvent) => {
    setEvent((current) => newer(current, sentEvent));
  }, []);

  return { event, sent };
}
