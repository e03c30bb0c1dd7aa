import type { ChannelInit, ChatMessage } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.ts';
import type { Organisers } from '../../helpers/auth.ts';
import {
  chatShowWithHolders,
  createChatShow,
  dataOn,
  mark,
  nextData,
  nextError,
  sendChat,
  setChannel,
  settle,
  startChatInstances,
} from '../../helpers/chat.ts';
import type { ChatInstances } from '../../helpers/chat.ts';
import { createAccessCode, giveTicket, signedInViewer } from '../../helpers/watch.ts';
import type { Viewer } from '../../helpers/watch.ts';

const CLOSED_TEXT = 'El chat de este evento no está disponible en este momento.';

describe('chat on chats-{show} (001 §4, §7) across two API instances', () => {
  let rig: ChatInstances;
  let a: TestApp;
  let b: TestApp;
  let people: Organisers;
  let ana: Viewer;
  let beto: Viewer;
  let showId: string;
  let socket: ChatInstances['socket'];
  const channel = () => `chats-${showId}`;

  beforeAll(async () => {
    rig = await startChatInstances();
    ({ a, b, socket } = rig);
    ({
      organisers: people,
      showId,
      holders: [ana, beto],
    } = await chatShowWithHolders(a, ['ANA234', 'BETO23']));
    await a.database.db.user.update({ where: { id: ana.userId }, data: { fullname: 'Ana López' } });
  });
  afterAll(() => rig.close());

  it('delivers a message sent on one instance to a viewer on the other, with the session’s name', async () => {
    const sender = await socket(a, ana.headers);
    const listener = await socket(b, beto.headers);
    expect((await setChannel(sender, channel())).type).toBe('init');
    expect((await setChannel(listener, channel())).type).toBe('init');

    sendChat(sender, channel(), '  ¡Saludos desde Xela!  ');
    const heard = await nextData<ChatMessage>(listener, channel(), (d) => d.type === 'message');
    expect(heard).toMatchObject({
      show_uid: showId,
      username: 'Ana López',
      type: 'message',
      message: '¡Saludos desde Xela!',
    });
    expect(Object.keys(heard).sort()).toEqual(
      ['_id', 'message', 'show_uid', 'time', 'type', 'username'].sort(),
    );
    // The sender hears its own message too, once.
    await nextData<ChatMessage>(sender, channel(), (d) => d._id === heard._id);

    const stored = await a.database.db.chatMessage.findUniqueOrThrow({ where: { id: heard._id } });
    expect(stored).toMatchObject({
      userId: ana.userId,
      viewerId: ana.viewerId,
      authorKey: `user:${ana.userId}`,
      username: 'Ana López',
      type: 'message',
    });
  });

  it('types an organiser’s messages as notifications, whatever the client says', async () => {
    const organiser = await socket(b, people.producerUserA.headers);
    expect((await setChannel(organiser, channel())).type).toBe('init');
    const viewer = await socket(a, beto.headers);
    await setChannel(viewer, channel());
    organiser.send({
      action: 'sendMessage',
      channel_id: channel(),
      data: { message: 'Empezamos en 5 minutos', type: 'message' },
    });
    const notice = await nextData<ChatMessage>(
      viewer,
      channel(),
      (d) => d.message === 'Empezamos en 5 minutos',
    );
    expect(notice.type).toBe('notification');
  });

  it('answers the last 100 messages on join, oldest first, without deleted ones', async () => {
    const show = await createChatShow(a, { paid: true });
    await giveTicket(a, ana, show.id, 'HIST23');
    const start = Date.now() - 200_000;
    await a.database.db.chatMessage.createMany({
      data: Array.from({ length: 105 }, (_, i) => ({
        showId: show.id,
        authorKey: `seed:${i}`,
        username: `Persona ${i}`,
        message: `mensaje ${i}`,
        createdAt: new Date(start + i * 1000),
        deletedAt: i === 104 ? new Date() : null,
      })),
    });
    const client = await socket(a, ana.headers);
    const init = (await setChannel(client, `chats-${show.id}`)) as ChannelInit;
    expect(init.type).toBe('init');
    expect(init.messages).toHaveLength(100);
    expect(init.messages[0]?.message).toBe('mensaje 4');
    expect(init.messages.at(-1)?.message).toBe('mensaje 103');
  });

  it('refuses empty and over-long messages, and sends before joining', async () => {
    const client = await socket(a, beto.headers);
    const notJoined = mark(client);
    sendChat(client, channel(), 'hola');
    expect(await nextError(client, channel(), notJoined)).toMatchObject({
      error: 'CHANNEL_NOT_JOINED',
    });
    await setChannel(client, channel());
    for (const text of ['   ', 'x'.repeat(501)]) {
      const since = mark(client);
      sendChat(client, channel(), text);
      expect(await nextError(client, channel(), since)).toEqual({
        type: 'error',
        error: 'CHAT_MESSAGE_INVALID',
        message: 'Escribe un mensaje de 1 a 500 caracteres',
        channel: channel(),
      });
    }
    const since = mark(client);
    sendChat(client, channel(), 'x'.repeat(500));
    expect(
      (await nextData<ChatMessage>(client, channel(), () => true, since)).message,
    ).toHaveLength(500);
  });

  it('limits each viewer to five messages in ten seconds, on every instance', async () => {
    const show = await createChatShow(a, { paid: true });
    const carla = await signedInViewer(a);
    await giveTicket(a, carla, show.id, 'CARLA2');
    const room = `chats-${show.id}`;
    const onA = await socket(a, carla.headers);
    const onB = await socket(b, carla.headers);
    await setChannel(onA, room);
    await setChannel(onB, room);
    for (let i = 0; i < 5; i += 1) sendChat(i % 2 === 0 ? onA : onB, room, `rápido ${i}`);
    await settle();
    const since = mark(onB);
    sendChat(onB, room, 'uno más');
    expect(await nextError(onB, room, since)).toMatchObject({
      error: 'CHAT_SENDING_TOO_FAST',
      message: 'Estás enviando mensajes muy rápido. Espera unos segundos.',
    });
    expect(await a.database.db.chatMessage.count({ where: { showId: show.id } })).toBe(5);
  });

  it('lets a no-login viewer chat with a guest name that does not reveal the code', async () => {
    const show = await createChatShow(a, { settings: { nologin: true } });
    await createAccessCode(a, show.id, { code: 'CHAT2345' });
    const guest = await socket(b);
    const room = `chats-${show.id}`;
    expect((await setChannel(guest, room, { code: 'chat2345', username: 'Admin' })).type).toBe(
      'init',
    );
    sendChat(guest, room, 'hola desde la sala');
    const heard = await nextData<ChatMessage>(guest, room, (d) => d.type === 'message');
    expect(heard.username).toMatch(/^Invitado [0-9A-F]{4}$/);
    expect(heard.username).not.toContain('CHAT');
  });

  it('keeps the chat closed outside LIVE and TEST, for on-demand shows and with chat_visible false', async () => {
    const shows = await Promise.all([
      createChatShow(a, { paid: true, status: 'REPLAY' }),
      createChatShow(a, { paid: true, settings: { vod: true } }),
      createChatShow(a, { paid: true, settings: { chat_visible: false } }),
    ]);
    const client = await socket(a, ana.headers);
    for (const [i, show] of shows.entries()) {
      await giveTicket(a, ana, show.id, `CERR${i}A`);
      const room = `chats-${show.id}`;
      expect(await setChannel(client, room)).toEqual({
        type: 'error',
        error: 'CHAT_CLOSED',
        message: CLOSED_TEXT,
        channel: room,
      });
      expect(await client.subscribe(room)).toMatchObject({ error: 'CHAT_CLOSED' });
    }
  });

  it('stops taking messages when the show leaves LIVE', async () => {
    const show = await createChatShow(a, { paid: true });
    await giveTicket(a, ana, show.id, 'FIN234');
    const room = `chats-${show.id}`;
    const client = await socket(b, ana.headers);
    await setChannel(client, room);
    await a.database.db.show.update({ where: { id: show.id }, data: { status: 'CLOSED' } });
    const since = mark(client);
    sendChat(client, room, '¿sigue?');
    expect(await nextError(client, room, since)).toMatchObject({ error: 'CHAT_CLOSED' });
    expect(dataOn(client, room).filter((d) => (d as ChatMessage).type === 'message')).toEqual([]);
  });
});
