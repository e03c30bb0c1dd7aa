import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.ts';
import {
  createChatShow,
  mark,
  nextData,
  nextError,
  sendChat,
  setChannel,
  settle,
  startChatInstances,
} from '../../helpers/chat.ts';
import type { ChatInstances } from '../../helpers/chat.ts';
import type { RealtimeClient } from '../../helpers/realtime-client.ts';
import {
  GUATEMALA_IP,
  giveTicket,
  playback,
  refusal,
  signedInViewer,
} from '../../helpers/watch.ts';
import type { Viewer } from '../../helpers/watch.ts';

const REPLACED = {
  type: 'device-replaced',
  message: 'Hemos detectado que has ingresado a este contenido desde otro dispositivo o navegador.',
};
const NOW = new Date('2027-06-01T01:00:00.000Z');

describe('one device per code (001 §4 single-device rule) and presence (001 §7)', () => {
  let rig: ChatInstances;
  let a: TestApp;
  let b: TestApp;
  let holder: Viewer;
  let socket: ChatInstances['socket'];

  /** Subscribes to the device channel (entering, or resuming with `device`) and returns the token. */
  async function enter(client: RealtimeClient, channel: string, device?: string) {
    const since = mark(client);
    client.send({ action: 'subscribe', channel, ...(device ? { device } : {}) });
    return nextData<{ type: string; token?: string }>(client, channel, () => true, since);
  }

  /** Whether the client was ever told that another device replaced it. */
  const wasReplaced = (client: RealtimeClient) =>
    client.inbox.some(
      (m) => m.type === 'message' && (m.data as { type: string }).type === 'device-replaced',
    );

  async function ticketShow(code: string) {
    const show = await createChatShow(a, { paid: true });
    await giveTicket(a, holder, show.id, code);
    return { id: show.id, device: `show-access/${show.id}/codes/${code}` };
  }

  beforeAll(async () => {
    rig = await startChatInstances({ now: NOW });
    ({ a, b, socket } = rig);
    holder = await signedInViewer(a);
  });
  afterAll(() => rig.close());

  it('tells the first device at once when a second enters on another instance, and refuses its playback', async () => {
    const show = await ticketShow('DOS234');
    const first = await socket(a, holder.headers);
    const firstEntry = await enter(first, show.device);
    expect(firstEntry).toEqual({ type: 'device', token: expect.any(String) });
    const chat = `chats-${show.id}`;
    await setChannel(first, chat);
    const firstToken = firstEntry.token as string;
    const withoutToken = { headers: holder.headers, forwardedFor: GUATEMALA_IP };
    expect((await playback(a, show.id, withoutToken)).statusCode).toBe(200);
    const withToken = (token: string) =>
      a.app.inject({
        method: 'GET',
        url: `/shows/${show.id}/playback?device=${encodeURIComponent(token)}`,
        headers: { ...holder.headers, 'x-forwarded-for': GUATEMALA_IP },
      });
    expect((await withToken(firstToken)).statusCode).toBe(200);

    const second = await socket(b, holder.headers);
    const secondEntry = await enter(second, show.device);
    expect(secondEntry.type).toBe('device');
    expect(secondEntry.token).not.toBe(firstToken);

    expect(await nextData(first, show.device, (d) => d.type === 'device-replaced')).toEqual(
      REPLACED,
    );
    const refused = await withToken(firstToken);
    expect(refusal(refused)).toEqual({
      status: 403,
      error: 'DEVICE_REPLACED',
      message: REPLACED.message,
    });
    expect((await withToken(secondEntry.token as string)).statusCode).toBe(200);
    // A page reloaded on the first device enters anew: the playback call without a token plays.
    expect((await playback(a, show.id, withoutToken)).statusCode).toBe(200);

    // The replaced socket's chat ends with it; the new device is never told anything.
    await first.next((m) => m.type === 'unsubscribed' && m.channel === chat);
    const since = mark(first);
    sendChat(first, chat, '¿sigo aquí?');
    expect(await nextError(first, chat, since)).toMatchObject({ error: 'DEVICE_REPLACED' });
    await settle();
    expect(wasReplaced(second)).toBe(false);
  });

  it('keeps the token across a reconnect, unless another device entered meanwhile', async () => {
    const show = await ticketShow('VUEL23');
    const phone = await socket(a, holder.headers);
    const token = (await enter(phone, show.device)).token as string;
    phone.close();
    const back = await socket(b, holder.headers);
    expect(await enter(back, show.device, token)).toEqual({ type: 'device', token });

    const laptop = await socket(a, holder.headers);
    await enter(laptop, show.device);
    await nextData(back, show.device, (d) => d.type === 'device-replaced');
    back.close();
    const stale = await socket(b, holder.headers);
    expect(await enter(stale, show.device, token)).toEqual(REPLACED);
    await settle();
    expect(wasReplaced(laptop)).toBe(false);
  });

  it('orders two devices entering at the same moment: exactly one keeps the code', async () => {
    const show = await ticketShow('PAR234');
    const one = await socket(a, holder.headers);
    const two = await socket(b, holder.headers);
    const [first, second] = await Promise.all([enter(one, show.device), enter(two, show.device)]);
    expect(first.type).toBe('device');
    expect(second.type).toBe('device');
    await settle(500);
    expect([one, two].filter(wasReplaced)).toHaveLength(1);
  });

  it('stores a presence record with the identity the server knows, at most every minute', async () => {
    const show = await ticketShow('PRES23');
    await a.database.db.user.update({
      where: { id: holder.userId },
      data: { fullname: 'Ana Presente' },
    });
    const client = await socket(a, holder.headers);
    await enter(client, show.device);
    const presence = () => client.send({ action: 'sendPresence', channel_id: show.device });

    let since = mark(client);
    presence();
    expect(await nextData(client, show.device, (d) => d.type === 'presence', since)).toEqual({
      type: 'presence',
      recorded_at: NOW.toISOString(),
    });
    since = mark(client);
    presence();
    expect(await nextError(client, show.device, since)).toMatchObject({ error: 'RATE_LIMITED' });
    a.setNow(new Date(NOW.getTime() + 180_000));
    since = mark(client);
    presence();
    await nextData(client, show.device, (d) => d.type === 'presence', since);
    a.setNow(NOW);

    const records = await a.database.db.presenceRecord.findMany({
      where: { showId: show.id },
      orderBy: { recordedAt: 'asc' },
    });
    expect(
      records.map((r) => [r.userId, r.viewerId, r.username, r.code, r.recordedAt.getTime()]),
    ).toEqual([
      [holder.userId, holder.viewerId, 'Ana Presente', 'PRES23', NOW.getTime()],
      [holder.userId, holder.viewerId, 'Ana Presente', 'PRES23', NOW.getTime() + 180_000],
    ]);
  });

  it('refuses presence from a socket that did not enter, or whose device was replaced', async () => {
    const show = await ticketShow('NOPR23');
    const idle = await socket(a, holder.headers);
    idle.send({ action: 'sendPresence', channel_id: show.device });
    expect(await nextError(idle, show.device)).toMatchObject({ error: 'DEVICE_NOT_ENTERED' });
    const old = await socket(a, holder.headers);
    await enter(old, show.device);
    await enter(await socket(b, holder.headers), show.device);
    await nextData(old, show.device, (d) => d.type === 'device-replaced');
    const since = mark(old);
    old.send({ action: 'sendPresence', channel_id: show.device });
    expect(await nextError(old, show.device, since)).toMatchObject({ error: 'DEVICE_REPLACED' });
    expect(await a.database.db.presenceRecord.count({ where: { showId: show.id } })).toBe(0);
  });

  it('never makes viewers of a shared show password replace each other', async () => {
    const show = await createChatShow(a, { settings: { security: 'Clave-Sala' } });
    const channel = `show-access/${show.id}/codes/CLAVE-SALA`;
    const first = await socket(a, { cookie: 'sessionID=navegador-uno-aaaaaaaaaaaaaa' });
    const second = await socket(b, { cookie: 'sessionID=navegador-dos-bbbbbbbbbbbbbb' });
    expect((await enter(first, channel)).type).toBe('device');
    expect((await enter(second, channel)).type).toBe('device');
    await settle();
    expect([first, second].filter(wasReplaced)).toEqual([]);
  });
});
