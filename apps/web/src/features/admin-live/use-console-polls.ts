import { useCallback, useEffect, useState } from 'react';
import { pollNotificationSchema, pollResultsMessageSchema } from '@taquilla/contract';
import { adminPollEndpoints } from '@taquilla/contract/plain';
import type { Poll } from '@taquilla/contract';
import { ApiError, apiCall } from '../../api/client';
import { listenToChannel } from '../../api/realtime';
import { es } from '../../i18n/es';

export type ConsolePolls = {
  /** Newest first; null while the first read is on its way. */
  polls: Poll[] | null;
  loadError: string | null;
  reload: () => void;
  /** A poll the API answered (created, activated, closed) replaces its old copy. */
  put: (poll: Poll) => void;
};

/**
 * The show's polls (GET /admin/shows/{id}/polls) kept live by `polls-{id}`:
 * `poll-results` as answers arrive and `poll-notification` when any organiser
 * activates or closes one. The channel is joined with `setChannel`, as players do.
 */
export function useConsolePolls(showId: string): ConsolePolls {
  const channel = `polls-${showId}`;
  const [polls, setPolls] = useState<Poll[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  const put = useCallback((poll: Poll) => {
    setPolls((current) => {
      const list = current ?? [];
      return list.some((p) => p._id === poll._id)
        ? list.map((p) => (p._id === poll._id ? poll : p))
        : [poll, ...list];
    });
  }, []);

  useEffect(() => {
    const controller = new AbortController();
    setLoadError(null);
    apiCall(adminPollEndpoints.listPolls, {
      params: { id: showId },
      signal: controller.signal,
    }).then(
      (answer) => setPolls(answer.items),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setLoadError(error instanceof ApiError ? error.message : es.errors.unexpected);
      },
    );
    return () => controller.abort();
  }, [showId, attempt]);

  useEffect(() => {
    return listenToChannel(
      channel,
      {
        onMessage: (data) => {
          const notification = pollNotificationSchema.safeParse(data);
          if (notification.success) {
            put(notification.data.poll);
            return;
          }
          const results = pollResultsMessageSchema.safeParse(data);
          if (results.success) {
            const { poll_uid, results: counted, total } = results.data;
            setPolls(
              (current) =>
                current?.map((p) => (p._id === poll_uid ? { ...p, results: counted, total } : p)) ??
                current,
            );
          }
        },
        // What was counted while the socket was down is read again.
        onReconnect: () => setAttempt((value) => value + 1),
      },
      { join: () => ({ action: 'setChannel', channel_id: channel, show_uid: showId }) },
    );
  }, [channel, showId, put]);

  const reload = useCallback(() => setAttempt((value) => value + 1), []);
  return { polls, loadError, reload, put };
}
