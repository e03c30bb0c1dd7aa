import type { Db, Tx } from '../../infra/db.ts';

const MESSAGE = {
  id: true,
  showId: true,
  userId: true,
  viewerId: true,
  authorKey: true,
  username: true,
  type: true,
  message: true,
  deletedAt: true,
  createdAt: true,
} as const;

/** The show as the chat's rules read it (status, settings), any status. */
export function findChatShow(db: Db | Tx, showId: string) {
  return db.show.findUnique({
    where: { id: showId },
    select: { id: true, status: true, settings: true },
  });
}

export function insertChatMessage(
  db: Db | Tx,
  data: {
    showId: string;
    userId: string | null;
    viewerId: string | null;
    authorKey: string;
    username: string;
    type: 'message' | 'notification';
    message: string;
    createdAt: Date;
  },
) {
  return db.chatMessage.create({ data, select: MESSAGE });
}
export type ChatMessageRow = Awaited<ReturnType<typeof insertChatMessage>>;

/** The last `limit` messages not deleted, newest first (the index on show and time serves it). */
export function findRecentMessages(db: Db | Tx, showId: string, limit: number) {
  return db.chatMessage.findMany({
    where: { showId, deletedAt: null },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: MESSAGE,
  });
}

/** The last `limit` messages, deleted ones too, for organisers. */
export function findRecentMessagesForAdmin(db: Db | Tx, showId: string, limit: number) {
  return db.chatMessage.findMany({
    where: { showId },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: limit,
    select: MESSAGE,
  });
}

export function findMessageInShow(db: Db | Tx, showId: string, messageId: string) {
  return db.chatMessage.findFirst({ where: { id: messageId, showId }, select: MESSAGE });
}

export function markMessageDeleted(tx: Tx, messageId: string, at: Date) {
  return tx.chatMessage.update({
    where: { id: messageId },
    data: { deletedAt: at },
    select: MESSAGE,
  });
}

export function countVisibleMessages(db: Db | Tx, showId: string) {
  return db.chatMessage.count({ where: { showId, deletedAt: null } });
}

const MUTE = {
  id: true,
  showId: true,
  authorKey: true,
  userId: true,
  username: true,
  createdAt: true,
} as const;

export function isMuted(db: Db | Tx, showId: string, authorKey: string) {
  return db.chatMute
    .findUnique({ where: { showId_authorKey: { showId, authorKey } }, select: { id: true } })
    .then((row) => row !== null);
}

/** Mutes a person once: muting again answers the mute already in place. */
export function upsertMute(
  tx: Tx,
  data: {
    showId: string;
    authorKey: string;
    userId: string | null;
    username: string;
    mutedBy: string;
    createdAt: Date;
  },
) {
  return tx.chatMute.upsert({
    where: { showId_authorKey: { showId: data.showId, authorKey: data.authorKey } },
    create: data,
    update: {},
    select: MUTE,
  });
}
export type ChatMuteRow = Awaited<ReturnType<typeof upsertMute>>;

export function listMutes(db: Db | Tx, showId: string) {
  return db.chatMute.findMany({
    where: { showId },
    orderBy: { createdAt: 'desc' },
    select: MUTE,
  });
}

export function findMuteInShow(db: Db | Tx, showId: string, muteId: string) {
  return db.chatMute.findFirst({ where: { id: muteId, showId }, select: MUTE });
}

export function deleteMute(tx: Tx, muteId: string) {
  return tx.chatMute.delete({ where: { id: muteId }, select: MUTE });
}

/** The name an account's messages carry, for muting by user id. */
export function findLatestAuthorName(db: Db | Tx, showId: string, authorKey: string) {
  return db.chatMessage.findFirst({
    where: { showId, authorKey },
    orderBy: { createdAt: 'desc' },
    select: { username: true },
  });
}
