import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
import { callsOf, error, renderRoute, stubGateway } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';
import { MobileChatLink } from './mobile-chat-link';
import { CHAT, SHOW_ID, joinedSocket, push } from './test/chat-harness';

const INVALID =
  'La sesión de chat que deseas iniciar es inválida. Intenta escanear el código QR de nuevo.';
const S = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbmEifQ.c2lnbmF0dXJh';

function stubChatSession(
  answer = () =>
    jsonResponse(200, {
      show_uid: SHOW_ID,
      username: 'Ana López',
      expires_at: '2026-12-05T14:00:00.000Z',
    }),
) {
  return stubGateway({
    'GET /shows/:id/chat/session': answer,
    'POST /stats/shows/:id/player': () => jsonResponse(201, { _id: 'evento' }),
  });
}

describe('mobile chat page /shows/{id}/chat?s= (001 §2, §5, §8)', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('refuses a missing s or one that is not three parts without asking the server', async () => {
    for (const query of ['', '?s=', '?s=solo.dos', `?s=${S}.cuatro`, '?s=a.b.c%20d']) {
      const fetchMock = stubChatSession();
      renderRoute(`/shows/${SHOW_ID}/chat${query}`);
      expect(await screen.findByText(INVALID)).toBeTruthy();
      expect(callsOf(fetchMock).some((c) => c.call.includes('/chat/session'))).toBe(false);
      cleanup();
    }
  });

  it('shows the specification’s text when the server refuses the link', async () => {
    const fetchMock = stubChatSession(() => error(403, 'CHAT_LINK_INVALID', INVALID));
    renderRoute(`/shows/${SHOW_ID}/chat?s=${S}`);
    expect(await screen.findByText(INVALID)).toBeTruthy();
    const check = callsOf(fetchMock).find((c) => c.call === `GET /shows/${SHOW_ID}/chat/session`);
    expect(check?.url.searchParams.get('s')).toBe(S);
  });

  it('shows the server’s message when it asks to wait (429)', async () => {
    stubChatSession(() =>
      error(
        429,
        'RATE_LIMITED',
        'Demasiados intentos. Por favor espera un momento y vuelve a intentar.',
      ),
    );
    renderRoute(`/shows/${SHOW_ID}/chat?s=${S}`);
    expect(
      await screen.findByText(
        'Demasiados intentos. Por favor espera un momento y vuelve a intentar.',
      ),
    ).toBeTruthy();
    expect(screen.queryByText(INVALID)).toBeNull();
  });

  it('chats as the link’s viewer: setChannel carries s, the page names who chats and reports mobilechat', async () => {
    const fetchMock = stubChatSession();
    const before = FakeWebSocket.sockets.length;
    renderRoute(`/shows/${SHOW_ID}/chat?s=${S}`);
    expect(await screen.findByText('Chateas como Ana López')).toBeTruthy();
    await waitFor(() => expect(FakeWebSocket.sockets.length).toBeGreaterThan(before));
    const socket = await joinedSocket(CHAT);
    expect(socket.actions('setChannel')).toEqual([
      { action: 'setChannel', channel_id: CHAT, show_uid: SHOW_ID, s: S },
    ]);
    push(socket, CHAT, { type: 'init', messages: [], poll: null, pollAnswered: false });
    expect(await screen.findByRole('textbox', { name: 'Mensaje para el chat' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Tips y Preguntas Frecuentes' })).toBeTruthy();
    await waitFor(() =>
      expect(
        callsOf(fetchMock).find((c) => c.call === `POST /stats/shows/${SHOW_ID}/player`)?.body,
      ).toEqual({ type: 'player', action: 'mobilechat' }),
    );
  });

  it('hides the header and the help box with iframe=1', async () => {
    stubChatSession();
    renderRoute(`/shows/${SHOW_ID}/chat?s=${S}&iframe=1`);
    expect(await screen.findByRole('region', { name: 'Chat en vivo' })).toBeTruthy();
    expect(screen.queryByText('Chateas como Ana López')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Tips y Preguntas Frecuentes' })).toBeNull();
  });

  it('gives a signed-in viewer the link to open on the phone (MobileChatLink)', async () => {
    const fetchMock = stubGateway({
      'POST /shows/:id/chat/link': () =>
        jsonResponse(201, {
          s: S,
          path: `/shows/${SHOW_ID}/chat?s=${S}`,
          expires_at: '2026-12-05T14:00:00.000Z',
        }),
    });
    render(<MobileChatLink showId={SHOW_ID} code="SALA2345" />);
    fireEvent.click(screen.getByRole('button', { name: 'Abrir el chat en tu celular' }));
    const link = await screen.findByRole('link');
    expect(link.getAttribute('href')).toBe(
      `${window.location.origin}/shows/${SHOW_ID}/chat?s=${S}`,
    );
    const call = callsOf(fetchMock).find((c) => c.call === `POST /shows/${SHOW_ID}/chat/link`);
    expect(call?.url.searchParams.get('code')).toBe('SALA2345');
  });
});
