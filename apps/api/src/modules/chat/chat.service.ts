import { showSettingsSchema } from '@taquilla/contract';
import type { ChatMessage } from '@taquilla/contract';
import {
  CHAT_HISTORY_LIMIT,
  CHAT_RATE_LIMIT,
  isChatVisible,
  normalizeChatMessage,
} from '@taquilla/domain';
import type { Redis } from 'ioredis';
import { AppError } from '../../errors.ts';
import type { Db, Tx } from '../../infra/db.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import type { Participant } from './chat-participant.ts';
import { toChatMessage } from './chat.mapper.ts';
import { findChatShow, findRecentMessages, insertChatMessage, isMuted } from './chat.repo.ts';

/** The realtime channel of a show's chat (001 §7 `chats-{show}`). */
export const chatChannel = (showId: string) => `chats-${showId}`;

/** Chat sessions are counted for three months after the last one opens. */
const SESSIONS_TTL_SECONDS = 90 * 24 * 60 * 60;

export interface ChatDeps {
  db: Db;
  clock: () => Date;
  redis: Redis;
  namespace: string;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  /** Messages per address over all its viewers and shows (CHAT_MESSAGES_PER_IP; decision 0063). */
  messagesPerAddress: RateLimitRule;
  /** Publishes to a realtime channel on every API instance. */
  publish: (channel: string, data: unknown) => Promise<void>;
  log: { warn: (o: object, m: string) => void };
}

/** Throws CHAT_CLOSED unless the show's chat shows now (001 §4 "Chat visibility"). */
export async function requireOpenChat(db: Db | Tx, showId: string): Promise<void> {
  const show = await findChatShow(db, showId);
  if (!show) throw new AppError('SHOW_NOT_FOUND');
  const settings = showSettingsSchema.safeParse(show.settings ?? {}).data ?? {};
  if (!isChatVisible(show.status, settings)) throw new AppError('CHAT_CLOSED');
}

/**
 * The chat of a show (decision 0026): history in PostgreSQL, messages out on
 * `chats-{show}` after they are stored, the author as the server knows them.
 */
export function createChatService(deps: ChatDeps) {
  const { db, clock } = deps;
  const sessionsKey = (showId: string) => `${deps.namespace}:chat:${showId}:sessions`;

  async function history(showId: string): Promise<ChatMessage[]> {
    const rows = await findRecentMessages(db, showId, CHAT_HISTORY_LIMIT);
    return rows.reverse().map(toChatMessage);
  }

  /** Stores a message and publishes it; a failed publish is logged, the message stays. */
  async function store(
    showId: string,
    author: Participant,
    type: 'message' | 'notification',
    message: string,
  ): Promise<ChatMessage> {
    const row = await insertChatMessage(db, {
      showId,
      userId: author.userId,
      viewerId: author.viewerId,
      authorKey: author.key,
      username: author.username,
      type,
      message,
      createdAt: clock(),
    });
    const sent = toChatMessage(row);
    try {
      await deps.publish(chatChannel(showId), sent);
    } catch (err) {
      deps.log.warn({ err, showId }, 'chat message stored but not published');
    }
    return sent;
  }

  return {
    history,

    /**
     * 001 §7 setChannel on `chats-{show}`: the chat must be open; the viewer's chat
     * session is counted (`session_count`: people who opened it); answers the last 100
     * messages, oldest first.
     */
    async join(showId: string, participant: Participant): Promise<ChatMessage[]> {
      await requireOpenChat(db, showId);
      const key = sessionsKey(showId);
      await deps.redis.multi().sadd(key, participant.key).expire(key, SESSIONS_TTL_SECONDS).exec();
      return history(showId);
    },

    /**
     * 001 §7 sendMessage: not empty, at most 500 characters, while the chat is open,
     * not from a muted viewer, within the per-viewer rate and the rate of the address
     * it comes from (`from`; decision 0063); typed `notification` when an organiser
     * writes (001 §6).
     */
    async send(
      showId: string,
      author: Participant,
      text: string,
      from: string,
    ): Promise<ChatMessage> {
      const message = normalizeChatMessage(text);
      if (message === null) {
        throw new AppError('VALIDATION_ERROR', {
          fields: [{ field: 'message', message: 'Escribe un mensaje de 1 a 500 caracteres' }],
        });
      }
      await requireOpenChat(db, showId);
      if (!author.isOrganiser) {
        if (await isMuted(db, showId, author.key)) throw new AppError('CHAT_MUTED');
        await deps.rateLimiter.consume([
          { key: `chat:${showId}:${author.key}`, rule: CHAT_RATE_LIMIT },
          { key: `chat:ip:${from}`, rule: deps.messagesPerAddress },
        ]);
      }
      return store(showId, author, author.isOrganiser ? 'notification' : 'message', message);
    },

    /** `session_count`: how many people opened the show's chat. */
    async sessionCount(showId: string): Promise<number> {
      return deps.redis.scard(sessionsKey(showId));
    },
  };
}

export type ChatService = ReturnType<typeof createChatService>;
