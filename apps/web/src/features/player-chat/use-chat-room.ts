import { useCallback, useEffect, useRef, useState } from 'react';
import { chatChannelDataSchema } from '@taquilla/contract';
import type { ChatMessage } from '@taquilla/contract';
import { normalizeChatMessage } from '@taquilla/domain';
import { listenToChannel, sendRealtime } from '../../api/realtime';
import { setChannelMessage } from './set-channel';

/** Messages kept on screen: the 100 of `init` and what arrives after, up to this many. */
const KEPT_MESSAGES = 300;

export type ChatRoomStatus = 'connecting' | 'ready' | 'reconnecting' | 'refused';

export type ChatRoom = {
  status: ChatRoomStatus;
  /** Oldest first, each once. */
  messages: ChatMessage[];
  /** The hub's last word on this chat (refused, muted, too fast, closed), in Spanish. */
  notice: string | null;
  /** Sends a message; false when there is nothing to send or the socket is down. */
  send: (text: string) => boolean;
};

type Options = {
  /** The show's `_id` (channels name shows by id, not by vanity path). */
  showId: string;
  /** The access code of a no-login or password show (the session proves the rest). */
  code?: string | null;
  /** The mobile chat link's token: the phone chats as the link's viewer. */
  s?: string | null;
  /**
   * A password show's guest: the viewer token that names them (decision 0063). Read at
   * each join, so the renewed one of a later playback call goes without joining again.
   */
  viewerToken?: string | null;
  /** False keeps the chat closed (001 §4 chat visibility), without a subscription. */
  enabled?: boolean;
};

function appendOnce(messages: ChatMessage[], message: ChatMessage): ChatMessage[] {
  if (messages.some((m) => m._id === message._id)) return messages;
  return [...messages, message].slice(-KEPT_MESSAGES);
}

/**
 * What came on the channel between the join and its `init`: the hub subscribes the
 * socket before it reads the history, so a message stored after that read is delivered
 * live ahead of the `init` that does not hold it, and a deletion may be too.
 */
type EarlyNews = { messages: ChatMessage[]; deleted: Set<string> };

/** The history of `init`, with what came ahead of it that it does not hold. */
function historyWith(history: ChatMessage[], early: EarlyNews): ChatMessage[] {
  let merged = history.filter((m) => !early.deleted.has(m._id));
  for (const message of early.messages) {
    if (!early.deleted.has(message._id)) merged = appendOnce(merged, message);
  }
  return merged.slice(-KEPT_MESSAGES);
}

/**
 * The chat of a show on `chats-{showId}` (001 §4, §7): `setChannel` on every
 * (re)connection, whose `init` brings the last 100 messages; new messages and
 * notifications as they come; a message an organiser deleted disappears. The username
 * is the server's, never sent from here.
 */
export function useChatRoom({
  showId,
  code = null,
  s = null,
  viewerToken = null,
  enabled = true,
}: Options): ChatRoom {
  const channel = `chats-${showId}`;
  const token = useRef(viewerToken);
  token.current = viewerToken;
  const [status, setStatus] = useState<ChatRoomStatus>('connecting');
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    if (!enabled) return;
    setStatus('connecting');
    setMessages([]);
    setNotice(null);
    let isJoined = false;
    let early: EarlyNews = { messages: [], deleted: new Set() };
    return listenToChannel(
      channel,
      {
        onMessage: (data) => {
          const parsed = chatChannelDataSchema.safeParse(data);
          if (!parsed.success) return;
          const item = parsed.data;
          if (item.type === 'init') {
            isJoined = true;
            setStatus('ready');
            setNotice(null);
            // The history replaces what was shown: after a reconnection it is the truth,
            // with what came ahead of it since this join.
            setMessages(historyWith(item.messages, early));
            early = { messages: [], deleted: new Set() };
          } else if (item.type === 'message-deleted') {
            if (!isJoined) early.deleted.add(item._id);
            setMessages((current) => current.filter((m) => m._id !== item._id));
          } else {
            if (!isJoined) early.messages.push(item);
            setMessages((current) => appendOnce(current, item));
          }
        },
        onError: ({ message }) => {
          setNotice(message);
          if (!isJoined) setStatus('refused');
        },
        onDisconnect: () => {
          isJoined = false;
          setStatus('reconnecting');
        },
      },
      {
        join: () => {
          early = { messages: [], deleted: new Set() };
          return setChannelMessage({ channel, showId, code, s, viewerToken: token.current });
        },
      },
    );
  }, [channel, showId, code, s, enabled]);

  const send = useCallback(
    (text: string) => {
      const message = normalizeChatMessage(text);
      if (message === null) return false;
      const isSent = sendRealtime({
        action: 'sendMessage',
        channel_id: channel,
        data: { message },
      });
      if (isSent) setNotice(null);
      return isSent;
    },
    [channel],
  );

  return { status, messages, notice, send };
}
