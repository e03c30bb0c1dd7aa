import type { ChannelInit, RealtimeServerMessage } from '@taquilla/contract';
import type { Prisma } from '../../src/generated/prisma/client.ts';
import type { TestApp } from './app.ts';
import { connectRealtime } from './realtime-client.ts';
import type { RealtimeClient } from './realtime-client.ts';
import { GUATEMALA_IP, createWatchShow } from './watch.ts';

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
