import { useCallback, useEffect, useRef, useState } from 'react';
import { chatChannelDataSchema } from '@taquilla/contract';
import type { ChatMessage } from '@taquilla/contract';
import { normalizeChatMessage } from '@taquilla/domain';
import { listenToChannel, sendRealtime } from '../../api/realtime';

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
            // The history replaces what was shown: after a reconnection it is the truth.
            setMessages(item.messages.slice(-KEPT_MESSAGES));
          } else if (item.type === 'message-deleted') {
            setMessages((current) => current.filter((m) => m._id !== item._id));
          } else {
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
        join: () => ({
          action: 'setChannel',
          channel_id: channel,
          show_uid: showId,
          ...(code ? { code } : {}),
          ...(s ? { s } : {}),
          ...(token.current ? { viewer_token: token.current } : {}),
        }),
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
