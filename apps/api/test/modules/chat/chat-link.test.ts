import { createHmac } from 'node:crypto';
import type { ChatLink, ChatMessage, ChatSession } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createChatShow, nextData, sendChat, setChannel, socketFrom } from '../../helpers/chat.ts';
import { callAs } from '../../helpers/http.ts';
import type { RealtimeClient } from '../../helpers/realtime-client.ts';
import { GUATEMALA_IP, INDIA_IP, giveTicket, signedInViewer } from '../../helpers/watch.ts';
import type { Viewer } from '../../helpers/watch.ts';

const INVALID = {
  error: 'CHAT_LINK_INVALID',
  message:
    'La sesión de chat que deseas iniciar es inválida. Intenta escanear el código QR de nuevo.',
};
const NOW = new Date('2027-06-01T01:00:00.000Z');

/** `s` with one character of part `index` changed (still three well-formed parts). */
function altered(s: string, index: number): string {
  const parts = s.split('.');
  const part = parts[index] as string;
  const last = part.at(-2) === 'A' ? 'B' : 'A';
  parts[index] = `${part.slice(0, -2)}${last}${part.slice(-1)}`;
  return parts.join('.');
}

describe('mobile chat link /shows/{id}/chat?s= (001 §2, §5, §8)', () => {
  let t: TestApp;
  let ana: Viewer;
  let showId: string;
  let link: ChatLink;
  const open: RealtimeClient[] = [];
  const session = (s: string, id = showId) =>
    t.app.inject({ method: 'GET', url: `/shows/${id}/chat/session?s=${encodeURIComponent(s)}` });

  beforeAll(async () => {
    t = await createTestApp({ config: { TRUST_PROXY_HOPS: '1' }, now: NOW });
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    ana = await signedInViewer(t);
    await t.database.db.user.update({ where: { id: ana.userId }, data: { fullname: 'Ana Móvil' } });
    showId = (await createChatShow(t, { paid: true })).id;
    await giveTicket(t, ana, showId, 'MOVI23');
    const res = await t.app.inject({
      method: 'POST',
      url: `/shows/${showId}/chat/link`,
      headers: { ...ana.headers, 'x-forwarded-for': GUATEMALA_IP },
    });
    expect(res.statusCode, res.body).toBe(201);
    link = res.json() as ChatLink;
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await t.close();
  });

  it('issues a link of exactly three parts to a signed-in viewer who may watch, for twelve hours', async () => {
    expect(link.s.split('.')).toHaveLength(3);
    expect(link.path).toBe(`/shows/${showId}/chat?s=${link.s}`);
    expect(link.expires_at).toBe(new Date(NOW.getTime() + 12 * 3_600_000).toISOString());
    const res = await session(link.s);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json() as ChatSession).toEqual({
      show_uid: showId,
      username: 'Ana Móvil',
      expires_at: link.expires_at,
    });
    const anonymous = await t.app.inject({ method: 'POST', url: `/shows/${showId}/chat/link` });
    expect(anonymous.statusCode).toBe(401);
    const noTicket = await callAs(t, await signedInViewer(t), 'POST', `/shows/${showId}/chat/link`);
    expect(noTicket.json()).toMatchObject({ error: 'TICKET_REQUIRED' });
  });

  it('refuses a forged, altered, foreign, expired or missing s with the specification’s text', async () => {
    const [header, payload] = link.s.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<
      string,
      unknown
    >;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, name: 'Organizador' })).toString(
      'base64url',
    );
    const wrongKey = createHmac('sha256', 'una clave que el servidor no tiene')
      .update(`${header}.${payload}`)
      .digest('base64url');
    const other = await createChatShow(t, { paid: true });
    const candidates = [
      altered(link.s, 0),
      altered(link.s, 1),
      altered(link.s, 2),
      `${header}.${forgedPayload}.${link.s.split('.')[2]}`,
      `${header}.${payload}.${wrongKey}`,
      `${header}.${payload}`,
      `${link.s}.extra`,
      Buffer.from(`${ana.userId}|${ana.viewerId}|Ana Móvil`).toString('base64'),
    ];
    for (const s of candidates) {
      const res = await session(s);
      expect({ status: res.statusCode, ...res.json() }, s).toEqual({ status: 403, ...INVALID });
    }
    expect((await session(link.s, other.id)).json()).toEqual(INVALID);
    const missing = await t.app.inject({ method: 'GET', url: `/shows/${showId}/chat/session` });
    expect(missing.json()).toEqual(INVALID);
    t.setNow(new Date(NOW.getTime() + 12 * 3_600_000 + 1000));
    expect((await session(link.s)).json()).toEqual(INVALID);
    t.setNow(NOW);
  });

  it('lets a phone without a session chat as the link’s viewer', async () => {
    const phone = await socketFrom(t);
    open.push(phone);
    const room = `chats-${showId}`;
    const init = await setChannel(phone, room, { s: link.s, username: 'Otro nombre' });
    expect(init.type).toBe('init');
    sendChat(phone, room, 'desde el celular');
    const heard = await nextData<ChatMessage>(phone, room, (d) => d.type === 'message');
    expect(heard.username).toBe('Ana Móvil');
    const row = await t.database.db.chatMessage.findUniqueOrThrow({ where: { id: heard._id } });
    expect(row).toMatchObject({ userId: ana.userId, authorKey: `user:${ana.userId}` });
  });

  it('refuses a forged s on the socket, and a genuine one from a blocked region', async () => {
    const room = `chats-${showId}`;
    const phone = await socketFrom(t);
    open.push(phone);
    expect(await setChannel(phone, room, { s: altered(link.s, 1) })).toEqual({
      type: 'error',
      ...INVALID,
      channel: room,
    });
    const abroad = await socketFrom(t, { 'x-forwarded-for': INDIA_IP });
    open.push(abroad);
    expect(await setChannel(abroad, room, { s: link.s })).toMatchObject({
      error: 'REGION_BLOCKED',
    });
    expect(
      await t.database.db.chatMessage.count({
        where: { showId, message: { not: 'desde el celular' } },
      }),
    ).toBe(0);
  });
});
