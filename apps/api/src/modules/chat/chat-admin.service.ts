import type {
  AdminChatMessage,
  AdminChatMute,
  AdminChatMuteBody,
  ChatMessage,
  ShowViewers,
} from '@taquilla/contract';
import { AppError, invalidField } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';
import { ownShow } from '../admin/shared/admin.access.ts';
import type { AdminContext } from '../admin/shared/admin.access.ts';
import { recordAudit } from '../admin/shared/audit.repo.ts';
import type { DeviceStore } from '../devices/device-store.ts';
import { displayName, findUserName } from './chat-participant.ts';
import { toAdminChatMessage, toAdminChatMute, toChatMessage } from './chat.mapper.ts';
import {
  countVisibleMessages,
  deleteMute,
  findLatestAuthorName,
  findMessageInShow,
  findMuteInShow,
  findRecentMessagesForAdmin,
  insertChatMessage,
  listMutes,
  markMessageDeleted,
  upsertMute,
} from './chat.repo.ts';
import { chatChannel, requireOpenChat } from './chat.service.ts';
import type { ChatService } from './chat.service.ts';

const ADMIN_HISTORY_LIMIT = 200;
const json = (value: unknown) => value as Prisma.InputJsonValue;

/**
 * The organisers' side of the chat (ORGANISER-API.md; decision 0026): notices,
 * deleting a message for everyone at once, muting and unmuting a viewer, and who is
 * watching now. A producer reaches only its own shows (404 otherwise); every write is
 * audited; realtime messages go out after the commit.
 */
export function createChatAdminService(deps: {
  db: Db;
  clock: () => Date;
  chat: ChatService;
  devices: DeviceStore;
  publish: (channel: string, data: unknown) => Promise<void>;
  log: { warn: (o: object, m: string) => void };
}) {
  const { db, clock } = deps;

  async function publishAfterCommit(showId: string, data: unknown): Promise<void> {
    try {
      await deps.publish(chatChannel(showId), data);
    } catch (err) {
      deps.log.warn({ err, showId }, 'chat change stored but not published');
    }
  }

  /** Who a mute names: a message's author, or an account (with the name its messages carry). */
  async function muteTarget(tx: Tx, showId: string, body: AdminChatMuteBody) {
    if (body.message_uid) {
      const message = await findMessageInShow(tx, showId, body.message_uid);
      if (!message) throw new AppError('CHAT_MESSAGE_NOT_FOUND');
      return { authorKey: message.authorKey, userId: message.userId, username: message.username };
    }
    const userId = body.user_uid as string;
    const authorKey = `user:${userId}`;
    const [user, written] = await Promise.all([
      findUserName(tx, userId),
      findLatestAuthorName(tx, showId, authorKey),
    ]);
    if (!user) throw invalidField('user_uid', 'El usuario no existe');
    return { authorKey, userId, username: written?.username ?? displayName(user.fullname) };
  }

  return {
    /** GET /admin/shows/{id}/chat/messages: the last 200, oldest first, deleted ones marked. */
    async listMessages(ctx: AdminContext, showId: string): Promise<{ items: AdminChatMessage[] }> {
      await ownShow(db, ctx, showId);
      const rows = await findRecentMessagesForAdmin(db, showId, ADMIN_HISTORY_LIMIT);
      return { items: rows.reverse().map(toAdminChatMessage) };
    },

    /** POST /admin/shows/{id}/chat/notifications: a highlighted notice, while the chat is open. */
    async notify(ctx: AdminContext, showId: string, message: string): Promise<ChatMessage> {
      await ownShow(db, ctx, showId);
      await requireOpenChat(db, showId);
      const user = await findUserName(db, ctx.actor.userId);
      const sent = await db.$transaction(async (tx) => {
        const row = await insertChatMessage(tx, {
          showId,
          userId: ctx.actor.userId,
          viewerId: null,
          authorKey: `user:${ctx.actor.userId}`,
          username: displayName(user?.fullname),
          type: 'notification',
          message,
          createdAt: clock(),
        });
        const notice = toChatMessage(row);
        await recordAudit(tx, ctx, {
          action: 'chat.notification',
          entityType: 'chat_message',
          entityId: row.id,
          before: null,
          after: json(notice),
        });
        return notice;
      });
      await publishAfterCommit(showId, sent);
      return sent;
    },

    /** DELETE /admin/shows/{id}/chat/messages/{messageId}: gone for every viewer at once. */
    async deleteMessage(
      ctx: AdminContext,
      showId: string,
      messageId: string,
    ): Promise<AdminChatMessage> {
      const deleted = await db.$transaction(async (tx) => {
        await ownShow(tx, ctx, showId);
        const message = await findMessageInShow(tx, showId, messageId);
        if (!message) throw new AppError('CHAT_MESSAGE_NOT_FOUND');
        if (message.deletedAt) return message;
        const row = await markMessageDeleted(tx, messageId, clock());
        await recordAudit(tx, ctx, {
          action: 'chat.message.delete',
          entityType: 'chat_message',
          entityId: messageId,
          before: json(toAdminChatMessage(message)),
          after: json(toAdminChatMessage(row)),
        });
        return row;
      });
      await publishAfterCommit(showId, { type: 'message-deleted', _id: messageId });
      return toAdminChatMessage(deleted);
    },

    /** POST /admin/shows/{id}/chat/mutes: the person's sends are refused from now on. */
    async mute(ctx: AdminContext, showId: string, body: AdminChatMuteBody): Promise<AdminChatMute> {
      return db.$transaction(async (tx) => {
        await ownShow(tx, ctx, showId);
        const target = await muteTarget(tx, showId, body);
        const row = await upsertMute(tx, {
          showId,
          ...target,
          mutedBy: ctx.actor.userId,
          createdAt: clock(),
        });
        const mute = toAdminChatMute(row);
        await recordAudit(tx, ctx, {
          action: 'chat.mute',
          entityType: 'chat_mute',
          entityId: row.id,
          before: null,
          after: json(mute),
        });
        return mute;
      });
    },

    async listMutes(ctx: AdminContext, showId: string): Promise<{ items: AdminChatMute[] }> {
      await ownShow(db, ctx, showId);
      return { items: (await listMutes(db, showId)).map(toAdminChatMute) };
    },

    /** DELETE /admin/shows/{id}/chat/mutes/{muteId}. */
    async unmute(ctx: AdminContext, showId: string, muteId: string): Promise<AdminChatMute> {
      return db.$transaction(async (tx) => {
        await ownShow(tx, ctx, showId);
        const found = await findMuteInShow(tx, showId, muteId);
        if (!found) throw new AppError('CHAT_MUTE_NOT_FOUND');
        const mute = toAdminChatMute(await deleteMute(tx, muteId));
        await recordAudit(tx, ctx, {
          action: 'chat.unmute',
          entityType: 'chat_mute',
          entityId: muteId,
          before: json(mute),
          after: null,
        });
        return mute;
      });
    },

    /** GET /admin/shows/{id}/viewers: connected codes now, and the chat's counters. */
    async viewers(ctx: AdminContext, showId: string): Promise<ShowViewers> {
      await ownShow(db, ctx, showId);
      const [viewers, messageCount, sessionCount] = await Promise.all([
        deps.devices.countConnected(showId, clock()),
        countVisibleMessages(db, showId),
        deps.chat.sessionCount(showId),
      ]);
      return {
        show_uid: showId,
        viewers,
        message_count: messageCount,
        session_count: sessionCount,
      };
    },
  };
}

export type ChatAdminService = ReturnType<typeof createChatAdminService>;
