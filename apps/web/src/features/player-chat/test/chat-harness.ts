import { act, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { ChatMessage, Poll } from '@taquilla/contract';
import { FakeWebSocket } from '../../../test/fake-websocket';

export const SHOW_ID = '7d4c55a1-54a4-4c8e-9f3e-0c4b3a2f9b11';
export const CHAT = `chats-${SHOW_ID}`;
export const POLLS = `polls-${SHOW_ID}`;

let sequence = 0;

export function buildMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  sequence += 1;
  return {
    _id: `mensaje-${sequence}`,
    show_uid: SHOW_ID,
    username: 'Carlos M.',
    type: 'message',
    message: `Mensaje ${sequence}`,
    time: '2026-12-05T02:10:00.000Z',
    ...overrides,
  };
}

/** An active poll; `counts` gives each option's answers (percent computed as the API does). */
export function buildPoll(texts: string[] = ['Sí', 'No'], counts: number[] = []): Poll {
  sequence += 1;
  const total = counts.reduce((sum, count) => sum + count, 0);
  const options = texts.map((text, i) => ({ _id: `opcion-${sequence}-${i}`, text }));
  return {
    _id: `encuesta-${sequence}`,
    show_uid: SHOW_ID,
    question: '¿Qué canción quieren para el cierre?',
    options,
    results: options.map((option, i) => {
      const count = counts[i] ?? 0;
      return {
        id: option._id,
        text: option.text,
        count,
        percent: total === 0 ? 0 : Math.round((count * 10_000) / total) / 100,
      };
    }),
    total,
    config: { status: 'ACTIVE' },
    created_at: '2026-12-05T02:00:00.000Z',
  };
}

/** The socket once it has sent `setChannel` for `channel`. */
export async function joinedSocket(channel: string): Promise<FakeWebSocket> {
  await waitFor(() =>
    expect(
      FakeWebSocket.latest()
        .actions('setChannel')
        .some((m) => m.channel_id === channel),
    ).toBe(true),
  );
  return FakeWebSocket.latest();
}

export function push(socket: FakeWebSocket, channel: string, data: unknown) {
  act(() => socket.push(channel, data));
}
