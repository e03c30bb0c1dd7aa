import { act, render, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { expect } from 'vitest';
import type { AdminShow, ChatMessage, Poll } from '@taquilla/contract';
import type { ApiRequest } from '../../../test/catalogue-factory';
import { FakeWebSocket } from '../../../test/fake-websocket';
import { error, stubGateway } from '../../../test/session-factory';
import type { Handler } from '../../../test/session-factory';
import { buildShow, jsonResponse } from '../../../test/show-factory';
import { LiveControlPage } from '../live-control-page';

export const SHOW_ID = '0193b2a4-7c1e-7a55-9d41-6f2b8e0c1a77';
export const CHAT = `chats-${SHOW_ID}`;
export const POLLS = `polls-${SHOW_ID}`;
export const EVENTS = `show-events/${SHOW_ID}`;

export function buildAdminShow(overrides: Partial<AdminShow> = {}): AdminShow {
  const show = buildShow({ _id: SHOW_ID, fullname: 'Concierto en línea', status: 'ACTIVE' });
  return { ...show, video_url: null, settings: { ...show.settings }, ...overrides } as AdminShow;
}

let sequence = 0;

export function buildMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  sequence += 1;
  return {
    _id: `0193b2a4-0000-7000-8000-${String(sequence).padStart(12, '0')}`,
    show_uid: SHOW_ID,
    username: 'Carlos M.',
    type: 'message',
    message: `Mensaje ${sequence}`,
    time: '2026-12-05T02:10:00.000Z',
    ...overrides,
  };
}

export function buildPoll(overrides: Partial<Poll> = {}, counts: number[] = []): Poll {
  sequence += 1;
  const texts = ['Luna de Xelajú', 'Ferrocarril de los Altos', 'Chichicastenango'];
  const total = counts.reduce((sum, count) => sum + count, 0);
  const options = texts.map((text, i) => ({ _id: `opcion-${sequence}-${i}`, text }));
  return {
    _id: `0193b2a4-1111-7000-8000-${String(sequence).padStart(12, '0')}`,
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
    config: { status: 'DRAFT' },
    created_at: '2026-12-05T02:00:00.000Z',
    ...overrides,
  };
}

export const VIEWERS = { show_uid: SHOW_ID, viewers: 1234, message_count: 56, session_count: 78 };

/**
 * The organiser API of one show as the live room reads it; `handlers` replace or add
 * answers ("POST /admin/shows/:id/events").
 */
export function stubLiveApi(show: AdminShow, handlers: Record<string, Handler> = {}) {
  return stubGateway({
    'GET /admin/shows/:id': () => jsonResponse(200, show),
    'GET /shows/:id/events/current': () => jsonResponse(200, { show_uid: SHOW_ID, event: null }),
    'GET /admin/shows/:id/viewers': () => jsonResponse(200, VIEWERS),
    'GET /admin/shows/:id/polls': () => jsonResponse(200, { items: [] }),
    'GET /admin/shows/:id/chat/mutes': () => jsonResponse(200, { items: [] }),
    ...handlers,
  });
}

export function renderLivePage() {
  const router = createMemoryRouter(
    [{ path: '/admin/shows/:id/live', Component: LiveControlPage }],
    {
      initialEntries: [`/admin/shows/${SHOW_ID}/live`],
    },
  );
  render(<RouterProvider router={router} />);
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

export const refused = (status: number, code: string, message: string, fields?: unknown[]) =>
  error(status, code, message, fields);

export type { ApiRequest };
