import type { ChannelInit, Poll, RealtimeServerMessage } from '@taquilla/contract';
import { expect } from 'vitest';
import type { Prisma } from '../../src/generated/prisma/client.ts';
import { createTestApp } from './app.ts';
import type { TestApp } from './app.ts';
import { createOrganisers } from './auth.ts';
import type { LoggedIn } from './auth.ts';
import { callAs } from './http.ts';
import { connectRealtime } from './realtime-client.ts';
import type { RealtimeClient } from './realtime-client.ts';
import { GUATEMALA_IP, createWatchShow, giveTicket, signedInViewer } from './watch.ts';

type ShowOverrides = Omit<NonNullable<Parameters<typeof createWatchShow>[1]>, 'settings'>;

/** A LIVE show whose chat is open and whose polls are on, unless told otherwise. */
export function createChatShow(
  t: TestApp,
  overrides: ShowOverrides & { settings?: Prisma.InputJsonObject } = {},
) {
  const { settings, ...rest } = overrides;
  return createWatchShow(t, {
    ...rest,
    settings: { chat_visible: true, polls: true, ...settings },
  });
}

/** A socket from Guatemala (through one trusted proxy) with the given upgrade headers. */
export function socketFrom(
  t: TestApp,
  headers: Record<string, string> = {},
  path?: string,
): Promise<RealtimeClient> {
  return connectRealtime(t, {
    headers: { 'x-forwarded-for': GUATEMALA_IP, ...headers },
    ...(path ? { path } : {}),
  });
}

/** Sockets opened with `open` (as `socketFrom`), every one of them closed by `closeAll`. */
export function socketPool() {
  const open: RealtimeClient[] = [];
  return {
    async open(t: TestApp, headers: Record<string, string> = {}, path?: string) {
      const client = await socketFrom(t, headers, path);
      open.push(client);
      return client;
    },
    closeAll() {
      for (const client of open.splice(0)) client.close();
    },
  };
}

export interface ChatInstances {
  a: TestApp;
  b: TestApp;
  /** A socket on `t` from Guatemala with the given upgrade headers, closed by `close`. */
  socket: (t: TestApp, headers?: Record<string, string>) => Promise<RealtimeClient>;
  /** Closes the sockets, then both instances. */
  close: () => Promise<void>;
}

/**
 * Two API instances on one database and one Redis, both listening and trusting one
 * proxy hop (the sockets come from Guatemala): where chat, polls and devices are
 * tried across instances.
 */
export async function startChatInstances(
  options: { now?: Date; config?: Record<string, string> } = {},
): Promise<ChatInstances> {
  const config = { TRUST_PROXY_HOPS: '1', ...options.config };
  const a = await createTestApp({ config, now: options.now });
  const b = await createTestApp({ config, now: options.now, database: a.database });
  await a.app.listen({ host: '127.0.0.1', port: 0 });
  await b.app.listen({ host: '127.0.0.1', port: 0 });
  const sockets = socketPool();
  return {
    a,
    b,
    socket: (t, headers = {}) => sockets.open(t, headers),
    async close() {
      sockets.closeAll();
      await b.close();
      await a.close();
    },
  };
}

/**
 * The organisers, and a paid chat show of producer A (as `createChatShow`) with two
 * signed-in viewers holding a ticket each, with `codes[0]` and `codes[1]`.
 */
export async function chatShowWithHolders(t: TestApp, codes: [string, string]) {
  const organisers = await createOrganisers(t);
  const holders = [await signedInViewer(t), await signedInViewer(t)] as const;
  const showId = (await createChatShow(t, { paid: true, producerId: organisers.producerA })).id;
  await giveTicket(t, holders[0], showId, codes[0]);
  await giveTicket(t, holders[1], showId, codes[1]);
  return { organisers, showId, holders };
}

/**
 * GET /shows/{id}/playback?code=<password> as a person without an account from `ip`
 * (through the one trusted proxy): the viewer token it answers (decision 0063), null
 * when none. `previous` is the token the browser brings back.
 */
export async function guestToken(
  t: TestApp,
  showId: string,
  password: string,
  ip: string,
  previous?: string,
): Promise<string | null> {
  const query = new URLSearchParams({
    code: password,
    ...(previous ? { viewer_token: previous } : {}),
  });
  const res = await t.app.inject({
    method: 'GET',
    url: `/shows/${showId}/playback?${query.toString()}`,
    headers: { 'x-forwarded-for': ip },
  });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { viewer_token: string | null }).viewer_token;
}

/** POST /admin/shows/{id}/polls as `who`: a draft poll (anything but 201 fails the test). */
export async function createPoll(
  t: TestApp,
  who: LoggedIn,
  showId: string,
  question: string,
  options: string[],
): Promise<Poll> {
  const res = await callAs(t, who, 'POST', `/admin/shows/${showId}/polls`, { question, options });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Poll;
}

/** PUT /admin/shows/{id}/polls/{pollId}/status as `who`. */
export function setPollStatus(
  t: TestApp,
  who: LoggedIn,
  showId: string,
  pollId: string,
  status: 'ACTIVE' | 'CLOSED',
) {
  return callAs(t, who, 'PUT', `/admin/shows/${showId}/polls/${pollId}/status`, { status });
}

/** The data of the realtime messages a client got on `channel`, in order. */
export function dataOn(client: RealtimeClient, channel: string): unknown[] {
  return client.inbox
    .filter((m) => m.type === 'message' && m.channel === channel)
    .map((m) => (m as { data: unknown }).data);
}

/** Where a client's inbox ends now: `nextData` and `nextError` look only past it. */
export const mark = (client: RealtimeClient) => client.inbox.length;

/** Waits for a message on `channel` (after `since`) whose data matches `predicate`. */
export async function nextData<T = Record<string, unknown>>(
  client: RealtimeClient,
  channel: string,
  predicate: (data: T) => boolean = () => true,
  since = 0,
): Promise<T> {
  const found = await client.next(
    (m) =>
      client.inbox.indexOf(m) >= since &&
      m.type === 'message' &&
      m.channel === channel &&
      predicate(m.data as T),
  );
  return (found as { data: T }).data;
}

/** The first error the server answered on `channel` after `since`. */
export function nextError(client: RealtimeClient, channel: string, since = 0) {
  return client.next(
    (m) => client.inbox.indexOf(m) >= since && m.type === 'error' && m.channel === channel,
  ) as Promise<Extract<RealtimeServerMessage, { type: 'error' }>>;
}

/**
 * 001 §7 setChannel; resolves with the `init` it answers, or the error. `extra` carries
 * `code`, `s` or the fields the server ignores (`username`, `user_uid`).
 */
export async function setChannel(
  client: RealtimeClient,
  channel: string,
  extra: Record<string, unknown> = {},
): Promise<ChannelInit | Extract<RealtimeServerMessage, { type: 'error' }>> {
  const before = client.inbox.length;
  client.send({ action: 'setChannel', channel_id: channel, ...extra });
  const answer = await client.next(
    (m) =>
      client.inbox.indexOf(m) >= before &&
      'channel' in m &&
      m.channel === channel &&
      (m.type === 'error' ||
        (m.type === 'message' && (m.data as { type?: string }).type === 'init')),
  );
  return answer.type === 'message'
    ? (answer.data as ChannelInit)
    : (answer as Extract<RealtimeServerMessage, { type: 'error' }>);
}

/** 001 §7 sendMessage, with the fields the specification's client sends (ignored but for `message`). */
export function sendChat(client: RealtimeClient, channel: string, message: string) {
  client.send({
    action: 'sendMessage',
    channel_id: channel,
    data: { message, username: 'Suplantador', type: 'notification', user_uid: 'otro' },
  });
}

/** Waits until no message arrived for `quietMs`, to assert that something did not come. */
export async function settle(quietMs = 300): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, quietMs));
}
