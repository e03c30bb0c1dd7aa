import type { Poll } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import {
  createChatShow,
  createPoll,
  mark,
  nextError,
  sendChat,
  setChannel,
  setPollStatus,
  settle,
  socketPool,
} from '../../helpers/chat.ts';
import type { RealtimeClient } from '../../helpers/realtime-client.ts';
import { INDIA_IP, createAccessCode, giveTicket, signedInViewer } from '../../helpers/watch.ts';
import type { Viewer } from '../../helpers/watch.ts';

describe('every chat, poll and device action refused to a socket without access', () => {
  let t: TestApp;
  let o: Organisers;
  let holder: Viewer;
  let stranger: Viewer;
  let showId: string;
  let nologinId: string;
  let poll: Poll;
  const sockets = socketPool();
  const socket = (headers: Record<string, string> = {}) => sockets.open(t, headers);

  /** Every action of 001 §7 a client could try on the show, with what each must answer. */
  async function tryEverything(client: RealtimeClient, show: string, code?: string) {
    const chat = `chats-${show}`;
    const polls = `polls-${show}`;
    const device = `show-access/${show}/codes/${code ?? 'PAGO23'}`;
    const answers: Record<string, string> = {};
    for (const channel of [chat, polls]) {
      const joined = await setChannel(client, channel, { user_uid: holder.userId, username: 'x' });
      answers[`setChannel ${channel.split('-')[0]}`] =
        'error' in joined ? joined.error : joined.type;
    }
    let since = mark(client);
    sendChat(client, chat, 'hola');
    answers.sendMessage = (await nextError(client, chat, since)).error;
    since = mark(client);
    client.send({
      action: 'sendPollAnswer',
      channel_id: polls,
      data: { poll_uid: poll._id, option_uid: poll.options[0]?._id, user_uid: holder.userId },
    });
    answers.sendPollAnswer = (await nextError(client, polls, since)).error;
    since = mark(client);
    client.send({ action: 'subscribe', channel: device });
    answers.subscribeDevice = (await nextError(client, device, since)).error;
    since = mark(client);
    client.send({ action: 'sendPresence', channel_id: device });
    answers.sendPresence = (await nextError(client, device, since)).error;
    return answers;
  }

  beforeAll(async () => {
    t = await createTestApp({ config: { TRUST_PROXY_HOPS: '1' } });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    o = await createOrganisers(t);
    holder = await signedInViewer(t);
    stranger = await signedInViewer(t);
    showId = (await createChatShow(t, { paid: true, producerId: o.producerA })).id;
    await giveTicket(t, holder, showId, 'PAGO23');
    nologinId = (await createChatShow(t, { settings: { nologin: true } })).id;
    await createAccessCode(t, nologinId, { code: 'SALA7777' });
    poll = await createPoll(t, o.producerUserA, showId, '¿Quién puede votar?', ['Yo', 'Nadie']);
    await setPollStatus(t, o.producerUserA, showId, poll._id, 'ACTIVE');
  });
  afterAll(async () => {
    sockets.closeAll();
    await t.close();
  });

  const REFUSED = {
    'setChannel chats': 'CHANNEL_FORBIDDEN',
    'setChannel polls': 'CHANNEL_FORBIDDEN',
    sendMessage: 'CHANNEL_NOT_JOINED',
    sendPollAnswer: 'CHANNEL_NOT_JOINED',
    subscribeDevice: 'CHANNEL_FORBIDDEN',
    sendPresence: 'DEVICE_NOT_ENTERED',
  };

  it('refuses an anonymous socket and a signed-in one without a ticket, and stores nothing', async () => {
    expect(await tryEverything(await socket(), showId)).toEqual(REFUSED);
    expect(await tryEverything(await socket(stranger.headers), showId)).toEqual(REFUSED);
    expect(await tryEverything(await socket(o.producerUserB.headers), showId)).toEqual(REFUSED);
    await settle();
    expect(await t.database.db.chatMessage.count({ where: { showId } })).toBe(0);
    expect(await t.database.db.pollAnswer.count({ where: { pollId: poll._id } })).toBe(0);
    expect(await t.database.db.presenceRecord.count({ where: { showId } })).toBe(0);
  });

  it('refuses a no-login show to a socket with a wrong code or none', async () => {
    const client = await socket();
    for (const code of [undefined, 'MALA7777']) {
      for (const channel of [`chats-${nologinId}`, `polls-${nologinId}`]) {
        const answer = await setChannel(client, channel, code ? { code } : {});
        expect(answer, `${channel} ${code}`).toMatchObject({ error: 'CHANNEL_FORBIDDEN' });
      }
    }
    const device = `show-access/${nologinId}/codes/MALA7777`;
    expect(await client.subscribe(device)).toMatchObject({ error: 'CHANNEL_FORBIDDEN' });
  });

  it('refuses the ticket holder from a blocked region with the specification’s text', async () => {
    const abroad = await socket({ ...holder.headers, 'x-forwarded-for': INDIA_IP });
    const answers = await tryEverything(abroad, showId);
    expect(answers).toEqual({
      ...REFUSED,
      'setChannel chats': 'REGION_BLOCKED',
      'setChannel polls': 'REGION_BLOCKED',
      subscribeDevice: 'REGION_BLOCKED',
    });
  });

  it('calls unknown shows and malformed channels unknown', async () => {
    const client = await socket(holder.headers);
    const missing = '0196a0b4-0000-7000-8000-000000000000';
    expect(await setChannel(client, `chats-${missing}`)).toMatchObject({
      error: 'CHANNEL_UNKNOWN',
    });
    expect(await setChannel(client, 'show-events/nada')).toMatchObject({
      error: 'CHANNEL_UNKNOWN',
    });
    const since = mark(client);
    sendChat(client, `polls-${showId}`, 'al canal equivocado');
    expect(await nextError(client, `polls-${showId}`, since)).toMatchObject({
      error: 'CHANNEL_UNKNOWN',
    });
  });

  it('lets the holder do each of those same things (the refusals above are about access)', async () => {
    const client = await socket(holder.headers);
    const chat = `chats-${showId}`;
    const polls = `polls-${showId}`;
    const device = `show-access/${showId}/codes/PAGO23`;
    expect((await setChannel(client, chat)).type).toBe('init');
    expect((await setChannel(client, polls)).type).toBe('init');
    sendChat(client, chat, 'hola');
    client.send({
      action: 'sendPollAnswer',
      channel_id: polls,
      data: { poll_uid: poll._id, option_uid: poll.options[0]?._id },
    });
    expect(await client.subscribe(device)).toEqual({ type: 'subscribed', channel: device });
    client.send({ action: 'sendPresence', channel_id: device });
    await client.next(
      (m) => m.type === 'message' && (m.data as { type: string }).type === 'presence',
    );
    expect(client.inbox.filter((m) => m.type === 'error')).toEqual([]);
    expect(await t.database.db.chatMessage.count({ where: { showId } })).toBe(1);
    expect(await t.database.db.pollAnswer.count({ where: { pollId: poll._id } })).toBe(1);
    expect(await t.database.db.presenceRecord.count({ where: { showId } })).toBe(1);
  });
});
