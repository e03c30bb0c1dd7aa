import type { ChatMessage, Poll } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import {
  createChatShow,
  createPoll,
  guestToken,
  mark,
  nextData,
  nextError,
  sendChat,
  setChannel,
  setPollStatus,
  settle,
  startChatInstances,
} from '../../helpers/chat.ts';
import type { ChatInstances } from '../../helpers/chat.ts';
import { callAs } from '../../helpers/http.ts';
import type { RealtimeClient } from '../../helpers/realtime-client.ts';
import { createAccessCode } from '../../helpers/watch.ts';

const PASSWORD = 'Clave-Sala';
const TOKEN_TEXT =
  'Para participar en el chat y las encuestas, vuelve a entrar al evento con su contraseña.';

/**
 * Issue 21 item 2 (decision 0063): on a password show every viewer types the same
 * password, so the viewer token of the playback call is who a guest is; the chat's
 * mutes and rate, and the one answer per poll, hold on it, and an address's messages,
 * votes and new guests have budgets of their own.
 */
describe('a password show’s guests in its chat and polls', () => {
  let rig: ChatInstances;
  let a: TestApp;
  let b: TestApp;
  let o: Organisers;
  let socket: ChatInstances['socket'];
  let lastAddress = 0;
  /** An address of its own (documentation range: no country, never blocked). */
  const address = () => `198.51.100.${(lastAddress += 1)}`;
  const from = (ip: string, cookie?: string) => ({
    'x-forwarded-for': ip,
    ...(cookie ? { cookie: `sessionID=${cookie}` } : {}),
  });
  const passwordShow = () =>
    createChatShow(a, { producerId: o.producerA, settings: { security: PASSWORD } });
  const tokenFor = (showId: string, ip = address()) => guestToken(a, showId, PASSWORD, ip);

  async function joined(t: TestApp, channel: string, token: string, ip: string, cookie?: string) {
    const client = await socket(t, from(ip, cookie));
    expect((await setChannel(client, channel, { code: PASSWORD, viewer_token: token })).type).toBe(
      'init',
    );
    return client;
  }

  async function activePoll(showId: string): Promise<Poll> {
    const poll = await createPoll(a, o.producerUserA, showId, '¿Otra?', ['Sí', 'No']);
    expect((await setPollStatus(a, o.producerUserA, showId, poll._id, 'ACTIVE')).statusCode).toBe(
      200,
    );
    return poll;
  }

  /**
   * Waits until each of `sent` actions on `channel` was answered: kept (as `kept` counts
   * them) or refused to its socket after `since` (`mark` of each client, in order).
   */
  async function answered(
    clients: RealtimeClient[],
    since: number[],
    channel: string,
    sent: number,
    kept: () => Promise<number>,
  ) {
    const refusals = () =>
      clients.reduce(
        (sum, client, i) =>
          sum +
          client.inbox.slice(since[i]).filter((m) => m.type === 'error' && m.channel === channel)
            .length,
        0,
      );
    const deadline = Date.now() + 10_000;
    while (refusals() + (await kept()) < sent) {
      if (Date.now() > deadline) throw new Error(`${sent} actions on ${channel} not all answered`);
      await settle(50);
    }
    // Anything past the limit that was wrongly kept would show up by now.
    await settle(200);
  }

  const vote = (client: RealtimeClient, showId: string, poll: Poll) =>
    client.send({
      action: 'sendPollAnswer',
      channel_id: `polls-${showId}`,
      data: { poll_uid: poll._id, option_uid: poll.options[0]?._id },
    });

  beforeAll(async () => {
    rig = await startChatInstances({
      config: { CHAT_MESSAGES_PER_IP: '8', POLL_ANSWERS_PER_IP: '3', VIEWER_TOKENS_PER_IP: '3' },
    });
    ({ a, b, socket } = rig);
    o = await createOrganisers(a);
  });
  afterAll(() => rig.close());

  it('gives a guest a viewer token with the video, and nobody else one', async () => {
    const show = await passwordShow();
    const token = await tokenFor(show.id);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    // An access code is a person already: no token.
    await createAccessCode(a, show.id, { code: 'PERSONA2' });
    expect(await guestToken(a, show.id, 'PERSONA2', address())).toBeNull();
  });

  it('lets no cookie-less socket chat without a token, and holds one token to five messages in ten seconds on four sockets', async () => {
    const show = await passwordShow();
    const room = `chats-${show.id}`;
    const ip = address();
    const messages = () => a.database.db.chatMessage.count({ where: { showId: show.id } });
    const bare = [await socket(a, from(ip)), await socket(b, from(ip))];
    const refusedSince: number[] = [];
    for (const client of bare) {
      expect(await setChannel(client, room, { code: PASSWORD })).toEqual({
        type: 'error',
        error: 'VIEWER_TOKEN_INVALID',
        message: TOKEN_TEXT,
        channel: room,
      });
      refusedSince.push(mark(client));
      for (let i = 0; i < 5; i += 1) sendChat(client, room, `sin ficha ${i}`);
    }
    await answered(bare, refusedSince, room, 10, messages);

    const token = (await tokenFor(show.id)) as string;
    const holders = [
      await joined(a, room, token, ip),
      await joined(b, room, token, ip),
      await joined(a, room, token, ip),
      await joined(b, room, token, ip),
    ];
    const since = holders.map(mark);
    for (let i = 0; i < 20; i += 1) sendChat(holders[i % 4] as RealtimeClient, room, `ficha ${i}`);
    await answered(holders, since, room, 20, messages);
    const stored = await a.database.db.chatMessage.findMany({ where: { showId: show.id } });
    expect(stored).toHaveLength(5);
    expect(new Set(stored.map((m) => m.authorKey)).size).toBe(1);
    expect(stored[0]?.authorKey).toMatch(/^guest:/);
  });

  it('keeps a muted guest muted on a new socket with another browser cookie, after a reload too', async () => {
    const show = await passwordShow();
    const room = `chats-${show.id}`;
    const token = (await tokenFor(show.id)) as string;
    const first = await joined(a, room, token, address(), 'navegador-uno-aaaaaaaaaaaaaa');
    sendChat(first, room, 'publicidad no deseada');
    const sent = await nextData<ChatMessage>(first, room, (d) => d.type === 'message');
    const mute = await callAs(a, o.producerUserA, 'POST', `/admin/shows/${show.id}/chat/mutes`, {
      message_uid: sent._id,
    });
    expect(mute.statusCode, mute.body).toBe(201);

    // The page reloads (the playback call renews the same token) in another browser.
    const renewed = (await guestToken(a, show.id, PASSWORD, address(), token)) as string;
    for (const held of [token, renewed]) {
      const again = await joined(b, room, held, address(), 'navegador-dos-bbbbbbbbbbbbbb');
      const since = mark(again);
      sendChat(again, room, 'otra vez');
      expect(await nextError(again, room, since)).toMatchObject({ error: 'CHAT_MUTED' });
    }
    expect(await a.database.db.chatMessage.count({ where: { showId: show.id } })).toBe(1);
  });

  it('takes one answer per guest, whatever sockets, cookies, addresses or HTTP calls it uses', async () => {
    const show = await passwordShow();
    const poll = await activePoll(show.id);
    const room = `polls-${show.id}`;
    const token = (await tokenFor(show.id)) as string;
    const sockets: RealtimeClient[] = [];
    for (let i = 0; i < 9; i += 1) {
      const t = i % 2 === 0 ? a : b;
      sockets.push(await joined(t, room, token, address(), i % 3 === 0 ? undefined : `c${i}`));
    }
    const answers = () => a.database.db.pollAnswer.count({ where: { pollId: poll._id } });
    const since = sockets.map(mark);
    for (const client of sockets) vote(client, show.id, poll);
    await answered(sockets, since, room, 9, answers);
    const url = `/shows/${show.id}/polls/${poll._id}/answers`;
    const body = { option_uid: poll.options[1]?._id, code: PASSWORD };
    const http = await a.app.inject({
      method: 'POST',
      url,
      headers: from(address()),
      payload: { ...body, viewer_token: token },
    });
    expect(http.statusCode, http.body).toBe(409);
    const tokenless = await a.app.inject({
      method: 'POST',
      url,
      headers: from(address(), 'navegador-tres-cccccccccccccc'),
      payload: body,
    });
    expect(tokenless.statusCode).toBe(403);
    expect(tokenless.json()).toEqual({ error: 'VIEWER_TOKEN_INVALID', message: TOKEN_TEXT });
    expect(await a.database.db.pollAnswer.count({ where: { pollId: poll._id } })).toBe(1);
  });

  it('gives one address three new guests an hour; a token brought back costs nothing', async () => {
    const show = await passwordShow();
    const ip = address();
    const tokens = [await tokenFor(show.id, ip), await tokenFor(show.id, ip)];
    tokens.push(await tokenFor(show.id, ip));
    expect(tokens.every((token) => token !== null)).toBe(true);
    // The fourth new guest from there still watches, without chat or polls.
    expect(await tokenFor(show.id, ip)).toBeNull();
    expect(await guestToken(a, show.id, PASSWORD, ip, tokens[0] as string)).not.toBeNull();
    expect(await tokenFor(show.id)).not.toBeNull();
  });

  it('limits the messages of one address, all its guests together, and not another’s', async () => {
    const show = await passwordShow();
    const room = `chats-${show.id}`;
    const ip = address();
    const first = await joined(a, room, (await tokenFor(show.id)) as string, ip);
    const second = await joined(b, room, (await tokenFor(show.id)) as string, ip);
    const since = [mark(first), mark(second)];
    for (let i = 0; i < 10; i += 1) sendChat(i % 2 === 0 ? first : second, room, `red ${i}`);
    const messages = () => a.database.db.chatMessage.count({ where: { showId: show.id } });
    await answered([first, second], since, room, 10, messages);
    expect(await messages()).toBe(8);
    expect(await nextError(second, room, since[1])).toMatchObject({
      error: 'CHAT_SENDING_TOO_FAST',
    });
    const elsewhere = await joined(a, room, (await tokenFor(show.id)) as string, address());
    sendChat(elsewhere, room, 'desde otra red');
    await nextData<ChatMessage>(elsewhere, room, (d) => d.message === 'desde otra red');
  });

  it('limits the votes of one address, all its guests together, and not another’s', async () => {
    const show = await passwordShow();
    const poll = await activePoll(show.id);
    const room = `polls-${show.id}`;
    const ip = address();
    const voters: RealtimeClient[] = [];
    for (let i = 0; i < 4; i += 1) {
      voters.push(await joined(i % 2 === 0 ? a : b, room, (await tokenFor(show.id)) as string, ip));
    }
    const answers = () => a.database.db.pollAnswer.count({ where: { pollId: poll._id } });
    const since = voters.map(mark);
    for (const client of voters) vote(client, show.id, poll);
    await answered(voters, since, room, 4, answers);
    expect(await answers()).toBe(3);
    const refused = voters.flatMap((client, i) =>
      client.inbox.slice(since[i]).filter((m) => m.type === 'error' && m.channel === room),
    );
    expect(refused).toMatchObject([{ error: 'RATE_LIMITED' }]);
    const elsewhere = await joined(a, room, (await tokenFor(show.id)) as string, address());
    vote(elsewhere, show.id, poll);
    await nextData(elsewhere, room, (d) => d.type === 'poll-results');
    expect(await a.database.db.pollAnswer.count({ where: { pollId: poll._id } })).toBe(4);
  });
});
