import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
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

const CHANNEL = `show-events/${SHOW_ID}`;

/** The socket once it listens to the show's events (the code's device channel joins it, decision 0026). */
async function subscribedSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.latest().channels()).toContain(CHANNEL));
  return FakeWebSocket.latest();
}

function push(socket: FakeWebSocket, event: ReturnType<typeof showEvent>) {
  act(() => socket.push(CHANNEL, event));
}

const video = () => screen.queryByLabelText('Atardecer en Atitlán', { selector: 'video' });

describe('player live control', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });

  afterEach(() => {
    forgetGeo();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('covers the video with the curtain card, then shows the ended screen on end', async () => {
    stubPlayerApi({
      playback: () =>
        jsonResponse(
          200,
          buildPlayback({ video_url_es: '/media/es.mp4', video_url_en: '/media/en.mp4' }),
        ),
    });
    openPlayer();
    await findVideo();
    const socket = await subscribedSocket();
    expect(screen.getByRole('group', { name: 'Idioma del video' })).toBeTruthy();

    push(
      socket,
      showEvent('curtain', '2026-12-05T02:10:00.000Z', {
        type: 'static',
        message1: 'Regresamos en 5 minutos',
        message2: 'Gracias por su paciencia',
      }),
    );

    const curtain = screen.getByRole('region', { name: 'Telón' });
    expect(curtain.textContent).toContain('Regresamos en 5 minutos');
    expect(curtain.textContent).toContain('Gracias por su paciencia');
    expect(video()).toBeNull();
    expect(screen.queryByRole('group', { name: 'Idioma del video' })).toBeNull();

    push(socket, showEvent('end', '2026-12-05T02:20:00.000Z'));

    expect(
      screen.getByRole('heading', { name: 'La transmisión del evento ha terminado' }),
    ).toBeTruthy();
    expect(
      screen.getByText('Esperamos hayas disfrutado esta nueva experiencia de espectáculos online'),
    ).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Telón' })).toBeNull();
    expect(screen.queryByRole('group', { name: 'Idioma del video' })).toBeNull();
  });

  it('loops the curtain video, and start brings the stream back', async () => {
    stubPlayerApi();
    openPlayer();
    await findVideo();
    const socket = await subscribedSocket();

    push(
      socket,
      showEvent('curtain', '2026-12-05T02:10:00.000Z', {
        type: 'video',
        video_url: '/media/demo/intermedio.m3u8',
      }),
    );
    const curtainVideo = (await screen.findByLabelText('Video mientras regresa la transmisión', {
      selector: 'video',
    })) as HTMLVideoElement;
    expect(curtainVideo.loop).toBe(true);
    expect(video()).toBeNull();

    push(socket, showEvent('issues', '2026-12-05T02:11:00.000Z'));
    expect(screen.getByLabelText('Video mientras regresa la transmisión')).toBeTruthy();

    push(socket, showEvent('start', '2026-12-05T02:12:00.000Z'));
    expect((await findVideo()).getAttribute('src')).toBe('/media/demo/taquilla-demo.mp4');
  });

  it('loads the video again on restart, and after an end once start comes', async () => {
    stubPlayerApi();
    openPlayer();
    const first = await findVideo();
    const socket = await subscribedSocket();

    push(socket, showEvent('restart', '2026-12-05T02:10:00.000Z'));
    const second = await findVideo();
    expect(second).not.toBe(first);

    push(socket, showEvent('end', '2026-12-05T02:20:00.000Z'));
    expect(video()).toBeNull();
    push(socket, showEvent('start', '2026-12-05T02:30:00.000Z'));
    expect(await findVideo()).toBeTruthy();
  });

  it('applies the current event to a player that joins late, and ignores older ones', async () => {
    stubPlayerApi({
      current: showEvent('curtain', '2026-12-05T02:10:00.000Z', {
        type: 'static',
        message1: 'Intermedio',
      }),
    });
    openPlayer();

    expect(await screen.findByRole('region', { name: 'Telón' })).toBeTruthy();
    const socket = await subscribedSocket();
    push(socket, showEvent('end', '2026-12-05T02:00:00.000Z'));
    expect(screen.getByRole('region', { name: 'Telón' })).toBeTruthy();
  });

  it('plays an on-demand show that ended live instead of showing it ended', async () => {
    const api = stubPlayerApi({
      show: playerShow({ status: 'REPLAY' }, { vod: true }),
      playback: () => jsonResponse(200, buildPlayback({ status: 'REPLAY' })),
      current: showEvent('end', '2026-12-05T04:00:00.000Z'),
    });
    openPlayer();

    await findVideo();
    await waitFor(() =>
      expect(api.calls().some((call) => call.call.endsWith('/events/current'))).toBe(true),
    );
    await act(() => Promise.resolve());
    expect(video()).not.toBeNull();
    expect(
      screen.queryByRole('heading', { name: 'La transmisión del evento ha terminado' }),
    ).toBeNull();
  });

  it('shows the ended screen to a player that joins a live show after its end', async () => {
    stubPlayerApi({ current: showEvent('end', '2026-12-05T04:00:00.000Z') });
    openPlayer();

    expect(
      await screen.findByRole('heading', { name: 'La transmisión del evento ha terminado' }),
    ).toBeTruthy();
  });

  it('waits on the cover of a code show until start, plays at once, then asks for fresh sources', async () => {
    const api = stubPlayerApi({
      show: playerShow({ status: 'ACTIVE', paid: false }, { nologin: true }),
      playback: () =>
        jsonResponse(200, buildPlayback({ status: 'ACTIVE', mode: 'nologin', code: 'K7M2PQ8R' })),
    });
    openPlayer(`/shows/${SHOW_ID}/player?code=K7M2PQ8R`);

    expect(
      await screen.findByRole('heading', { name: 'El evento aún no ha iniciado' }),
    ).toBeTruthy();
    expect(video()).toBeNull();
    const socket = await subscribedSocket();

    push(socket, showEvent('start', '2026-12-05T02:00:00.000Z'));
    expect(await findVideo()).toBeTruthy();
    // The organiser may have set the stream's address just before starting (decision 0025).
    await waitFor(() =>
      expect(api.playbackQueries()).toEqual(['?code=K7M2PQ8R', '?code=K7M2PQ8R']),
    );
    expect(video()).not.toBeNull();
  });

  it('asks for access again when start comes to a show that was not playing yet', async () => {
    let isLive = false;
    const api = stubPlayerApi({
      show: playerShow({ status: 'ACTIVE', paid: false }),
      playback: () =>
        isLive
          ? jsonResponse(200, buildPlayback({ mode: 'free' }))
          : refusal(
              'EVENT_NOT_STARTED',
              'Aún no es posible el ingreso al evento. Por favor, recarga la página 5 minutos antes del evento y vuelve a intentar.',
            )(),
    });
    openPlayer();

    expect(
      await screen.findByRole('heading', { name: 'El evento aún no ha iniciado' }),
    ).toBeTruthy();
    const socket = await subscribedSocket();
    isLive = true;
    push(socket, showEvent('start', '2026-12-05T02:00:00.000Z'));

    expect(await findVideo()).toBeTruthy();
    expect(api.playbackQueries()).toHaveLength(2);
  });

  it('acts on a start said while the cover joins the channel, read once the hub confirms it', async () => {
    const socketsBefore = FakeWebSocket.sockets.length;
    // The organiser starts the show after the page's subscription was sent and before the
    // hub holds it: the start is never pushed to this page, only the current event has it.
    const hasStarted = () =>
      FakeWebSocket.sockets.length > socketsBefore &&
      FakeWebSocket.latest().channels().includes(CHANNEL);
    const api = stubPlayerApi({
      show: playerShow({ status: 'ACTIVE', paid: false }),
      playback: () =>
        hasStarted()
          ? jsonResponse(200, buildPlayback({ mode: 'free' }))
          : refusal(
              'EVENT_NOT_STARTED',
              'Aún no es posible el ingreso al evento. Por favor, recarga la página 5 minutos antes del evento y vuelve a intentar.',
            )(),
      extra: {
        'GET /shows/:id/events/current': () =>
          jsonResponse(200, {
            show_uid: SHOW_ID,
            event: hasStarted() ? showEvent('start', '2026-12-05T02:00:00.000Z') : null,
          }),
      },
    });
    openPlayer();

    expect(
      await screen.findByRole('heading', { name: 'El evento aún no ha iniciado' }),
    ).toBeTruthy();
    expect(await findVideo()).toBeTruthy();
    expect(api.playbackQueries()).toHaveLength(2);
  });

  it('says it is reconnecting while the socket is down, and reads the current event on return', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const api = stubPlayerApi();
    openPlayer();
    await findVideo();
    const first = await subscribedSocket();
    const currentReads = () =>
      api.calls().filter((call) => call.call.endsWith('/events/current')).length;
    expect(currentReads()).toBe(1);

    act(() => first.drop());
    // The page's notice (the chat pane says it too, in its own column).
    expect(screen.getByText('Reconectando…', { selector: 'strong' })).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(1_100));
    const second = FakeWebSocket.latest();
    expect(second).not.toBe(first);
    await waitFor(() =>
      expect(screen.queryByText('Reconectando…', { selector: 'strong' })).toBeNull(),
    );
    expect(second.channels()).toContain(CHANNEL);
    await waitFor(() => expect(currentReads()).toBe(2));
  });
});
