import { useCallback, useEffect, useState } from 'react';
import { chatChannelDataSchema } from '@taquilla/contract';
import type { ChatMessage } from '@taquilla/contract';
import { listenToChannel } from '../../api/realtime';

/** The console keeps the 100 of `init` and what arrives after, up to this many. */
const KEPT_MESSAGES = 300;

export type ConsoleChatStatus = 'connecting' | 'ready' | 'reconnecting' | 'closed' | 'refused';

export type ConsoleChat = {
  status: ConsoleChatStatus;
  /** Oldest first, each once. */
  messages: ChatMessage[];
  /** Takes a message off the screen at once (the hub's `message-deleted` follows). */
  remove: (messageId: string) => void;
};

/**
 * The show's chat as the organiser watches it: `setChannel` on `chats-{id}` with the
 * organiser's session (the organiser watch mode, decision 0022), `init` with the last
 * 100 messages on every (re)connection, new messages and notifications as they come,
 * deletions from any organiser. The console never sends chat messages over the socket:
 * its notices go through POST …/chat/notifications. The hub opens a chat only while it
 * shows (LIVE or TEST, 001 §4): a refusal is `closed`, and the channel is joined again
 * whenever `joinKey` changes (the show's status after an event, a retry).
 */
export function useConsoleChat(showId: string, joinKey: string): ConsoleChat {
  const channel = `chats-${showId}`;
  const [status, setStatus] = useState<ConsoleChatStatus>('connecting');
  const [messages, setMessages] = useState<ChatMessage[]>([]);

  useEffect(() => {
    setStatus('connecting');
    setMessages([]);
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
            setMessages(item.messages.slice(-KEPT_MESSAGES));
          } else if (item.type === 'message-deleted') {
            setMessages((current) => current.filter((m) => m._id !== item._id));
          } else {
            setMessages((current) =>
              current.some((m) => m._id === item._id)
                ? current
                : [...current, item].slice(-KEPT_MESSAGES),
            );
          }
        },
        onError: ({ error }) => {
          if (!isJoined) setStatus(error === 'CHAT_CLOSED' ? 'closed' : 'refused');
        },
        onDisconnect: () => {
          isJoined = false;
          setStatus('reconnecting');
        },
      },
      { join: () => ({ action: 'setChannel', channel_id: channel, show_uid: showId }) },
    );
  }, [channel, showId, joinKey]);

  const remove = useCallback((messageId: string) => {
    setMessages((current) => current.filter((m) => m._id !== messageId));
  }, []);

  return { status, messages, remove };
}
