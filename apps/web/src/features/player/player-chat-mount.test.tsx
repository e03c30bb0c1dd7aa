import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Poll } from '@taquilla/contract';
import { FakeWebSocket } from '../../test/fake-websocket';
import { DESKTOP_MEDIA, PHONE_MEDIA, stubMatchMedia } from '../../test/match-media';
import { buildCurrentSession } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';
import {
  SHOW_ID,
  buildPlayback,
  findVideo,
  forgetGeo,
  openPlayer,
  playerShow,
  refusal,
  showEvent,
  stubPlayerApi,
} from './test/player-harness';

/*
 * The player page with the chat feature the route table mounts in it (decision 0026):
 * the panes in the side column while they apply, and the one-device rule around it.
 */

const EVENTS = `show-events/${SHOW_ID}`;
const CHAT = `chats-${SHOW_ID}`;
const POLLS = `polls-${SHOW_ID}`;
const DEVICE = `show-access/${SHOW_ID}/codes/ABC123`;
const REPLACED =
  'Hemos detectado que has ingresado a este contenido desde otro dispositivo o navegador.';
const CHAT_AND_POLLS = { chat_visible: true, polls: true, vod: false };

const panes = () => screen.queryByRole('complementary', { name: 'Chat y encuestas' });
const video = () => screen.queryByLabelText('Atardecer en Atitlán', { selector: 'video' });

async function socketOn(channel: string): Promise<FakeWebSocket> {
  await waitFor(() => {
    const socket = FakeWebSocket.latest();
    const joined =
      socket.channels().includes(channel) ||
      socket.actions('setChannel').some((message) => message.channel_id === channel);
    expect(joined).toBe(true);
  });
  return FakeWebSocket.latest();
}

function push(socket: FakeWebSocket, channel: string, data: unknown) {
  act(() => socket.push(channel, data));
}

function activePoll(): Poll {
  return {
    _id: 'encuesta-1',
    show_uid: SHOW_ID,
    question: '¿Qué canción quieren para el cierre?',
    options: [
      { _id: 'opcion-1', text: 'Luna de Xelajú' },
      { _id: 'opcion-2', text: 'Ferrocarril de los Altos' },
    ],
    results: [
      { id: 'opcion-1', text: 'Luna de Xelajú', count: 0, percent: 0 },
      { id: 'opcion-2', text: 'Ferrocarril de los Altos', count: 0, percent: 0 },
    ],
    total: 0,
    config: { status: 'ACTIVE' },
    created_at: '2026-12-05T02:00:00.000Z',
  };
}

describe('the player mounts the chat, the polls and the one-device rule', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });

  afterEach(() => {
    forgetGeo();
    vi.unstubAllGlobals();
  });

  it('puts the chat and poll panes beside a live show’s video, one open at a time', async () => {
    stubPlayerApi({ show: playerShow({}, CHAT_AND_POLLS) });
    openPlayer();
    await findVideo();
    await waitFor(() => expect(panes()).not.toBeNull());
    const side = panes() as HTMLElement;
    const socket = await socketOn(POLLS);
    expect(socket.actions('setChannel')).toEqual([
      { action: 'setChannel', channel_id: CHAT, code: 'ABC123', show_uid: SHOW_ID },
      { action: 'setChannel', channel_id: POLLS, code: 'ABC123', show_uid: SHOW_ID },
    ]);
    push(socket, CHAT, { type: 'init', messages: [], poll: null, pollAnswered: false });
    expect(within(side).getByRole('textbox', { name: 'Mensaje para el chat' })).toBeTruthy();
    // A visitor without an account has no mobile chat link (it is issued to a session).
    expect(within(side).queryByRole('button', { name: 'Abrir el chat en tu celular' })).toBeNull();

    push(socket, POLLS, { type: 'poll-notification', status: 'ACTIVE', poll: activePoll() });
    const toggles = within(side).getByRole('group', { name: 'Chat y encuestas' });
    const pollsToggle = within(toggles).getByRole('button', { name: /^Encuestas/ });
    expect(pollsToggle.textContent).toContain('Nueva encuesta');

    fireEvent.click(pollsToggle);
    expect(pollsToggle.getAttribute('aria-pressed')).toBe('true');
    expect(pollsToggle.textContent).not.toContain('Nueva encuesta');
    expect(within(toggles).getByRole('button', { name: 'Chat' }).getAttribute('aria-pressed')).toBe(
      'false',
    );
    expect(within(side).getByRole('heading', { name: activePoll().question })).toBeTruthy();
    expect(within(side).queryByRole('textbox', { name: 'Mensaje para el chat' })).toBeNull();
  });

  it('offers a signed-in viewer on a computer the mobile chat link', async () => {
    stubMatchMedia(DESKTOP_MEDIA);
    stubPlayerApi({
      show: playerShow({}, CHAT_AND_POLLS),
      extra: { 'GET /auth/session': () => jsonResponse(200, buildCurrentSession()) },
    });
    openPlayer();
    expect(await screen.findByRole('button', { name: 'Abrir el chat en tu celular' })).toBeTruthy();
  });

  it('does not offer a viewer watching on a phone to open the chat on their phone', async () => {
    stubMatchMedia(PHONE_MEDIA);
    stubPlayerApi({
      show: playerShow({}, CHAT_AND_POLLS),
      extra: { 'GET /auth/session': () => jsonResponse(200, buildCurrentSession()) },
    });
    openPlayer();
    await findVideo();
    const socket = await socketOn(CHAT);
    push(socket, CHAT, { type: 'init', messages: [], poll: null, pollAnswered: false });
    const side = panes() as HTMLElement;
    expect(within(side).getByRole('textbox', { name: 'Mensaje para el chat' })).toBeTruthy();
    expect(within(side).queryByRole('button', { name: 'Abrir el chat en tu celular' })).toBeNull();
  });

  it('leaves the row to the video when the chat is closed and there are no polls', async () => {
    stubPlayerApi({ show: playerShow({}, { chat_visible: false }) });
    openPlayer();
    await findVideo();
    await socketOn(DEVICE);
    expect(panes()).toBeNull();
    expect(FakeWebSocket.latest().actions('setChannel')).toEqual([]);
  });

  it('shows no chat on demand (VOD)', async () => {
    stubPlayerApi({
      show: playerShow({ status: 'REPLAY' }, { vod: true, chat_visible: true }),
      playback: () => jsonResponse(200, buildPlayback({ status: 'REPLAY' })),
    });
    openPlayer();
    await findVideo();
    await socketOn(DEVICE);
    expect(panes()).toBeNull();
  });

  it('opens the chat when start puts a waiting code show on the air, and closes it on end', async () => {
    let status: 'ACTIVE' | 'LIVE' = 'ACTIVE';
    const api = stubPlayerApi({
      show: playerShow({ status: 'ACTIVE', paid: false }, { nologin: true, chat_visible: true }),
      playback: () =>
        jsonResponse(200, buildPlayback({ status, mode: 'nologin', code: 'K7M2PQ8R' })),
    });
    openPlayer(`/shows/${SHOW_ID}/player?code=K7M2PQ8R`);
    expect(
      await screen.findByRole('heading', { name: 'El evento aún no ha iniciado' }),
    ).toBeTruthy();
    const socket = await socketOn(EVENTS);
    expect(panes()).toBeNull();

    status = 'LIVE';
    push(socket, EVENTS, showEvent('start', '2026-12-05T02:00:00.000Z'));
    expect(panes()).not.toBeNull();
    await socketOn(CHAT);
    await waitFor(() => expect(api.playbackQueries()).toHaveLength(2));
    expect(await findVideo()).toBeTruthy();
    expect(panes()).not.toBeNull();

    push(socket, EVENTS, showEvent('end', '2026-12-05T03:00:00.000Z'));
    expect(
      screen.getByRole('heading', { name: 'La transmisión del evento ha terminado' }),
    ).toBeTruthy();
    expect(panes()).toBeNull();
  });

  it('keeps a test show’s chat and poll to read once the organiser ends it', async () => {
    stubPlayerApi({
      show: playerShow({ status: 'TEST' }, CHAT_AND_POLLS),
      playback: () => jsonResponse(200, buildPlayback({ status: 'TEST' })),
    });
    openPlayer();
    await findVideo();
    const socket = await socketOn(POLLS);
    push(socket, CHAT, { type: 'init', messages: [], poll: null, pollAnswered: false });
    push(socket, EVENTS, showEvent('end', '2026-12-05T03:00:00.000Z'));

    const side = panes();
    expect(side).not.toBeNull();
    expect(within(side as HTMLElement).getByText('El chat es solo de lectura.')).toBeTruthy();
    expect(within(side as HTMLElement).queryByRole('textbox')).toBeNull();
  });

  it('replaces the player with the second-device screen when another device enters with the code', async () => {
    stubPlayerApi({ show: playerShow({}, CHAT_AND_POLLS) });
    openPlayer();
    await findVideo();
    const socket = await socketOn(DEVICE);
    push(socket, DEVICE, { type: 'device', token: '7.abc' });
    push(socket, DEVICE, { type: 'device-replaced', message: REPLACED });

    const alert = screen.getByRole('heading', { name: REPLACED }).closest('[role="alert"]');
    expect(alert).not.toBeNull();
    expect(
      within(alert as HTMLElement).getByRole('button', { name: 'Recargar la página' }),
    ).toBeTruthy();
    // In the player's frame: its header stays, the video and the panes go.
    expect(screen.getByRole('heading', { level: 1, name: 'Atardecer en Atitlán' })).toBeTruthy();
    expect(video()).toBeNull();
    expect(panes()).toBeNull();
    await waitFor(() => expect(socket.channels()).not.toContain(DEVICE));
  });

  it('sends its device token when it asks again after start, and shows the second-device screen on DEVICE_REPLACED', async () => {
    const api = stubPlayerApi({
      show: playerShow({}, CHAT_AND_POLLS),
      playback: (request) =>
        request.url.searchParams.has('device')
          ? refusal('DEVICE_REPLACED', REPLACED)()
          : jsonResponse(200, buildPlayback()),
    });
    openPlayer();
    await findVideo();
    const socket = await socketOn(DEVICE);
    push(socket, DEVICE, { type: 'device', token: '7.abc' });

    push(socket, EVENTS, showEvent('restart', '2026-12-05T02:30:00.000Z'));
    expect(await screen.findByRole('heading', { name: REPLACED }, { timeout: 2_000 })).toBeTruthy();
    expect(api.playbackQueries()).toEqual(['', '?device=7.abc']);
    expect(video()).toBeNull();
    expect(panes()).toBeNull();
  });

  it('watches a film alone on /full, one device at a time', async () => {
    stubPlayerApi({ show: playerShow({}, CHAT_AND_POLLS) });
    openPlayer(`/shows/${SHOW_ID}/full`);
    await findVideo();
    const socket = await socketOn(DEVICE);
    expect(panes()).toBeNull();
    expect(socket.actions('setChannel')).toEqual([]);
  });
});
