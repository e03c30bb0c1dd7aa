import type {
  AdminChatMessage,
  AdminChatMute,
  ChannelInit,
  ChatMessage,
  ShowViewers,
} from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.ts';
import type { Organisers } from '../../helpers/auth.ts';
import {
  chatShowWithHolders,
  createChatShow,
  mark,
  nextData,
  nextError,
  sendChat,
  setChannel,
  startChatInstances,
} from '../../helpers/chat.ts';
import type { ChatInstances } from '../../helpers/chat.ts';
import { callAs } from '../../helpers/http.ts';
import { createAccessCode, giveTicket } from '../../helpers/watch.ts';
import type { Viewer } from '../../helpers/watch.ts';

const MUTED_TEXT = 'Un organizador desactivó tus mensajes en este chat.';

describe('chat moderation by organisers (ORGANISER-API.md chat)', () => {
  let rig: ChatInstances;
  let a: TestApp;
  let b: TestApp;
  let o: Organisers;
  let viewer: Viewer;
  let other: Viewer;
  let showId: string;
  let socket: ChatInstances['socket'];
  const room = () => `chats-${showId}`;
  const admin = (
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    body?: object,
    who = o.producerUserA,
  ) => callAs(a, who, method, `/admin/shows/${showId}${path}`, body);

  /** A viewer's socket on `t`, joined to the show's chat. */
  async function joined(t: TestApp, who: Viewer) {
    const client = await socket(t, who.headers);
    expect((await setChannel(client, room())).type).toBe('init');
    return client;
  }

  beforeAll(async () => {
    rig = await startChatInstances();
    ({ a, b, socket } = rig);
    ({
      organisers: o,
      showId,
      holders: [viewer, other],
    } = await chatShowWithHolders(a, ['MODE23', 'OTRO23']));
  });
  afterAll(() => rig.close());

  it('deletes a message for everyone at once, on every instance, and from the history', async () => {
    const author = await joined(a, viewer);
    const watcher = await joined(b, other);
    sendChat(author, room(), 'mensaje ofensivo');
    const sent = await nextData<ChatMessage>(watcher, room(), (d) => d.type === 'message');

    const res = await admin('DELETE', `/chat/messages/${sent._id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as AdminChatMessage).deleted_at).not.toBeNull();
    for (const client of [author, watcher]) {
      expect(await nextData(client, room(), (d) => d.type === 'message-deleted')).toEqual({
        type: 'message-deleted',
        _id: sent._id,
      });
    }
    const late = await socket(a, other.headers);
    const init = (await setChannel(late, room())) as ChannelInit;
    expect(init.messages.map((m) => m._id)).not.toContain(sent._id);

    const audit = await a.database.db.auditLog.findFirst({
      where: { action: 'chat.message.delete', entityId: sent._id },
    });
    expect(audit?.actorUserId).toBe(o.producerUserA.userId);
    const list = await admin('GET', '/chat/messages');
    const listed = (list.json() as { items: AdminChatMessage[] }).items.find(
      (m) => m._id === sent._id,
    );
    expect(listed).toMatchObject({ user_uid: viewer.userId, viewer_uid: viewer.viewerId });
  });

  it('mutes the author of a message: their sends are refused in Spanish, others still chat', async () => {
    const muted = await joined(a, viewer);
    const free = await joined(b, other);
    sendChat(muted, room(), 'antes del silencio');
    const message = await nextData<ChatMessage>(
      free,
      room(),
      (d) => d.message === 'antes del silencio',
    );

    const res = await admin('POST', '/chat/mutes', { message_uid: message._id });
    expect(res.statusCode, res.body).toBe(201);
    const mute = res.json() as AdminChatMute;
    expect(mute).toMatchObject({ show_uid: showId, user_uid: viewer.userId });

    const since = mark(muted);
    sendChat(muted, room(), 'después del silencio');
    expect(await nextError(muted, room(), since)).toEqual({
      type: 'error',
      error: 'CHAT_MUTED',
      message: MUTED_TEXT,
      channel: room(),
    });
    sendChat(free, room(), 'yo sigo');
    await nextData<ChatMessage>(free, room(), (d) => d.message === 'yo sigo');
    expect(
      await a.database.db.chatMessage.count({ where: { message: 'después del silencio' } }),
    ).toBe(0);

    // Muting again answers the same mute; unmuting gives the word back.
    const again = await admin('POST', '/chat/mutes', { user_uid: viewer.userId });
    expect((again.json() as AdminChatMute)._id).toBe(mute._id);
    const listed = await admin('GET', '/chat/mutes');
    expect((listed.json() as { items: AdminChatMute[] }).items.map((m) => m._id)).toEqual([
      mute._id,
    ]);
    expect((await admin('DELETE', `/chat/mutes/${mute._id}`)).statusCode).toBe(200);
    sendChat(muted, room(), 'de vuelta');
    await nextData<ChatMessage>(free, room(), (d) => d.message === 'de vuelta');
  });

  it('mutes a viewer who entered with a code and no account, by one of their messages', async () => {
    const show = await createChatShow(a, { producerId: o.producerA, settings: { nologin: true } });
    await createAccessCode(a, show.id, { code: 'SILE2345' });
    const guest = await socket(b);
    const channel = `chats-${show.id}`;
    await setChannel(guest, channel, { code: 'SILE2345' });
    sendChat(guest, channel, 'spam');
    const spam = await nextData<ChatMessage>(guest, channel, (d) => d.message === 'spam');
    const res = await callAs(a, o.producerUserA, 'POST', `/admin/shows/${show.id}/chat/mutes`, {
      message_uid: spam._id,
    });
    expect(res.statusCode, res.body).toBe(201);
    expect((res.json() as AdminChatMute).user_uid).toBeNull();
    const since = mark(guest);
    sendChat(guest, channel, 'más spam');
    expect(await nextError(guest, channel, since)).toMatchObject({ error: 'CHAT_MUTED' });
  });

  it('publishes an organiser’s notice typed notification with the organiser’s name', async () => {
    const listener = await joined(b, other);
    const res = await admin('POST', '/chat/notifications', { message: 'Gracias por venir' });
    expect(res.statusCode, res.body).toBe(201);
    const notice = await nextData<ChatMessage>(
      listener,
      room(),
      (d) => d.message === 'Gracias por venir',
    );
    expect(notice).toMatchObject({ type: 'notification', _id: (res.json() as ChatMessage)._id });
    const empty = await admin('POST', '/chat/notifications', { message: '  ' });
    expect(empty.statusCode).toBe(422);
  });

  it('answers another producer 404 and a viewer 403, and changes nothing', async () => {
    const author = await joined(a, viewer);
    sendChat(author, room(), 'se queda');
    const kept = await nextData<ChatMessage>(author, room(), (d) => d.message === 'se queda');
    const stranger = await admin(
      'DELETE',
      `/chat/messages/${kept._id}`,
      undefined,
      o.producerUserB,
    );
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json()).toMatchObject({ error: 'SHOW_NOT_FOUND' });
    const asViewer = await admin('POST', '/chat/mutes', { user_uid: viewer.userId }, o.viewer);
    expect(asViewer.statusCode).toBe(403);
    const unknown = await admin('DELETE', '/chat/messages/0196a0b4-0000-7000-8000-000000000000');
    expect(unknown.json()).toMatchObject({
      error: 'CHAT_MESSAGE_NOT_FOUND',
      message: 'El mensaje no existe',
    });
    const row = await a.database.db.chatMessage.findUniqueOrThrow({ where: { id: kept._id } });
    expect(row.deletedAt).toBeNull();
  });

  it('counts connected viewers, messages and chat sessions for the organiser', async () => {
    const show = await createChatShow(a, { paid: true, producerId: o.producerA });
    const channel = `chats-${show.id}`;
    await giveTicket(a, viewer, show.id, 'CUEN23');
    await giveTicket(a, other, show.id, 'CUEN24');
    const first = await socket(a, viewer.headers);
    const second = await socket(b, other.headers);
    await setChannel(first, channel);
    await setChannel(second, channel);
    await setChannel(await socket(a, viewer.headers), channel);
    expect(await first.subscribe(`show-access/${show.id}/codes/CUEN23`)).toMatchObject({
      type: 'subscribed',
    });
    expect(await second.subscribe(`show-access/${show.id}/codes/CUEN24`)).toMatchObject({
      type: 'subscribed',
    });
    sendChat(first, channel, 'uno');
    sendChat(second, channel, 'dos');
    await nextData<ChatMessage>(second, channel, (d) => d.message === 'uno');
    await nextData<ChatMessage>(first, channel, (d) => d.message === 'dos');

    const viewers = async () => {
      const res = await callAs(a, o.producerUserA, 'GET', `/admin/shows/${show.id}/viewers`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json() as ShowViewers;
    };
    expect(await viewers()).toEqual({
      show_uid: show.id,
      viewers: 2,
      message_count: 2,
      session_count: 2,
    });
    second.close();
    await expect.poll(async () => (await viewers()).viewers).toBe(1);
  });
});
