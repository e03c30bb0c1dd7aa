import type { AdminChatMessage, AdminChatMute, ChatMessage } from '@taquilla/contract';
import type { ChatMessageRow, ChatMuteRow } from './chat.repo.ts';

/** A stored message → what every viewer gets (001 §3): no account ids. */
export function toChatMessage(row: ChatMessageRow): ChatMessage {
  return {
    _id: row.id,
    show_uid: row.showId,
    username: row.username,
    type: row.type,
    message: row.message,
    time: row.createdAt.toISOString(),
  };
}

export function toAdminChatMessage(row: ChatMessageRow): AdminChatMessage {
  return {
    ...toChatMessage(row),
    user_uid: row.userId,
    viewer_uid: row.viewerId,
    deleted_at: row.deletedAt?.toISOString() ?? null,
  };
}

export function toAdminChatMute(row: ChatMuteRow): AdminChatMute {
  return {
    _id: row.id,
    show_uid: row.showId,
    username: row.username,
    user_uid: row.userId,
    created_at: row.createdAt.toISOString(),
  };
}
