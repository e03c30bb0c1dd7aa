import { useCallback, useEffect, useRef, useState } from 'react';
import {
  channelInitSchema,
  pollNotificationSchema,
  pollResultsMessageSchema,
} from '@taquilla/contract';
import type { Poll, PollNotification } from '@taquilla/contract';
import { listenToChannel, sendRealtime } from '../../api/realtime';
import { setChannelMessage } from './set-channel';

export type PollRoom = {
  /** The active poll with its results as they stand, or null (001 §8's "no active poll"). */
  poll: Poll | null;
  /** This viewer answered the active poll: results show instead of the options. */
  hasAnswered: boolean;
  /** A poll became active since the pane was last opened (001 §2: cleared on open). */
  hasNotification: boolean;
  clearNotification: () => void;
  /** The hub's last refusal of an answer, in Spanish. */
  notice: string | null;
  answer: (optionId: string) => void;
};

type Options = {
  showId: string;
  code?: string | null;
  s?: string | null;
  /**
   * A password show's guest: the viewer token that names them (decision 0063). Read at
   * each join, so the renewed one of a later playback call goes without joining again.
   */
  viewerToken?: string | null;
  /** False while the show's polls are off (`settings.polls`): no subscription. */
  enabled?: boolean;
};

/**
 * The polls of a show on `polls-{showId}` (001 §4): `init` (the active poll and whether
 * this viewer answered it), `poll-notification` (ACTIVE shows it, CLOSED clears it) and
 * `poll-results` as answers arrive. An answer is sent once; the server refuses a second.
 */
export function usePollRoom({
  showId,
  code = null,
  s = null,
  viewerToken = null,
  enabled = true,
}: Options): PollRoom {
  const channel = `polls-${showId}`;
  const token = useRef(viewerToken);
  token.current = viewerToken;
  const [poll, setPoll] = useState<Poll | null>(null);
  const [hasAnswered, setHasAnswered] = useState(false);
  const [hasNotification, setHasNotification] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  /** The poll shown, for messages that arrive between renders. */
  const pollId = useRef<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    // The hub subscribes before it reads the active poll, so a start or an end after
    // that read is delivered ahead of the `init` that does not know it: the last such
    // news since the join is newer than the init, and wins over it.
    let isJoined = false;
    let latestAhead: PollNotification | null = null;
    return listenToChannel(
      channel,
      {
        onMessage: (data) => {
          const init = channelInitSchema.safeParse(data);
          if (init.success) {
            isJoined = true;
            let active = init.data.poll;
            if (latestAhead) {
              const { status, poll: changed } = latestAhead;
              if (status === 'ACTIVE') active = changed;
              else if (active?._id === changed._id) active = null;
              latestAhead = null;
            }
            const isAnswered = init.data.pollAnswered && active?._id === init.data.poll?._id;
            pollId.current = active?._id ?? null;
            setPoll(active);
            setHasAnswered(isAnswered);
            setHasNotification(active !== null && !isAnswered);
            return;
          }
          const notification = pollNotificationSchema.safeParse(data);
          if (notification.success) {
            if (!isJoined) latestAhead = notification.data;
            const { status, poll: changed } = notification.data;
            if (status === 'ACTIVE') {
              if (pollId.current !== changed._id) setHasAnswered(false);
              pollId.current = changed._id;
              setPoll(changed);
              setHasNotification(true);
              setNotice(null);
            } else if (pollId.current === changed._id) {
              pollId.current = null;
              setPoll(null);
              setHasNotification(false);
            }
            return;
          }
          const results = pollResultsMessageSchema.safeParse(data);
          if (results.success) {
            const { poll_uid, results: counted, total } = results.data;
            setPoll((current) =>
              current?._id === poll_uid ? { ...current, results: counted, total } : current,
            );
          }
        },
        onError: ({ error, message }) => {
          if (error === 'POLL_ALREADY_ANSWERED') {
            setHasAnswered(true);
            return;
          }
          setHasAnswered(false);
          setNotice(message);
        },
      },
      {
        join: () => {
          isJoined = false;
          latestAhead = null;
          return setChannelMessage({ channel, showId, code, s, viewerToken: token.current });
        },
      },
    );
  }, [channel, showId, code, s, enabled]);

  const answer = useCallback(
    (optionId: string) => {
      if (!poll) return;
      const isSent = sendRealtime({
        action: 'sendPollAnswer',
        channel_id: channel,
        data: { poll_uid: poll._id, option_uid: optionId },
      });
      // Results show at once; an error from the hub puts the options back.
      if (isSent) {
        setHasAnswered(true);
        setNotice(null);
      }
    },
    [channel, poll],
  );

  const clearNotification = useCallback(() => setHasNotification(false), []);

  return {
    poll: enabled ? poll : null,
    hasAnswered,
    hasNotification: enabled && hasNotification,
    clearNotification,
    notice,
    answer,
  };
}
