import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeWebSocket } from '../../test/fake-websocket';
import { jsonResponse } from '../../test/show-factory';
import {
  SHOW_ID,
  buildPlayback,
  findVideo,
  forgetGeo,
  openPlayer,
  showEvent,
  stubPlayerApi,
} from './test/player-harness';

/*
 * Issue 20 item 9 (decision 0058): a LIVE show's source that ends, fails or stalls is
 * an interruption ("Reconectando…", then the video again), not the end of the
 * broadcast; the `end` event ends it, and on-demand video plays to its end as before.
 */

/** hls.js at its boundary, keeping the error listener so a test can make it fail. */
const hlsErrors: ((event: string, data: { fatal: boolean }) => void)[] = [];
vi.mock('./video/load-hls', () => ({
  loadHls: async () =>
    class FakeHls {
      static isSupported = () => true;
      static Events = { ERROR: 'hlsError' };
      on(_event: string, listener: (event: string, data: { fatal: boolean }) => void) {
        hlsErrors.push(listener);
      }
      loadSource() {}
      attachMedia() {}
      destroy() {}
    },
}));

const CHANNEL = `show-events/${SHOW_ID}`;
const ENDED = 'La transmisión del evento ha terminado';

const reconnecting = () => screen.queryAllByText('Reconectando…');

async function subscribedSocket(): Promise<FakeWebSocket> {
  await waitFor(() => expect(FakeWebSocket.latest().channels()).toContain(CHANNEL));
  return FakeWebSocket.latest();
}

describe('a live source that ends or stalls', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });

  afterEach(() => {
    forgetGeo();
    hlsErrors.length = 0;
    vi.unstubAllGlobals();
  });

  it('says "Reconectando…" when a LIVE show’s video ends, then loads it again', async () => {
    const api = stubPlayerApi();
    openPlayer();
    const first = await findVideo();
    await subscribedSocket();

    fireEvent.ended(first);

    expect(await screen.findAllByText('Reconectando…')).not.toHaveLength(0);
    expect(screen.queryByRole('heading', { name: ENDED })).toBeNull();
    // The next try, a second later: a fresh video, and the show's state asked again.
    const again = await waitFor(
      async () => {
        const video = await findVideo();
        expect(video).not.toBe(first);
        return video;
      },
      { timeout: 3_000 },
    );
    await waitFor(() => expect(api.playbackQueries().length).toBeGreaterThanOrEqual(2));
    expect(again.getAttribute('src')).toBe('/media/demo/taquilla-demo.mp4');

    fireEvent.playing(again);
    await waitFor(() => expect(reconnecting()).toHaveLength(0));
    expect(screen.queryByRole('heading', { name: ENDED })).toBeNull();
  });

  it('reconnects when hls.js gives up on a LIVE stream instead of saying it failed', async () => {
    stubPlayerApi({
      playback: () =>
        jsonResponse(200, buildPlayback({ video_url: '/media/demo/taquilla-demo-live.m3u8' })),
    });
    openPlayer();
    await findVideo();
    await waitFor(() => expect(hlsErrors).toHaveLength(1));

    act(() => hlsErrors[0]!('hlsError', { fatal: true }));

    expect(await screen.findAllByText('Reconectando…')).not.toHaveLength(0);
    expect(screen.queryByText(/No fue posible cargar el video/)).toBeNull();
    await waitFor(() => expect(hlsErrors).toHaveLength(2), { timeout: 3_000 });
  });

  it('reconnects when a LIVE video waits for data ten seconds, as a stalled stream does', async () => {
    stubPlayerApi();
    openPlayer();
    const video = await findVideo();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      fireEvent.waiting(video);
      // Chrome reports the position once more as it stalls: that is no progress.
      fireEvent.timeUpdate(video);
      act(() => vi.advanceTimersByTime(9_000));
      expect(reconnecting()).toHaveLength(0);
      act(() => vi.advanceTimersByTime(1_000));
      expect(reconnecting()).not.toHaveLength(0);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ends only on the organiser’s end event, even while reconnecting', async () => {
    stubPlayerApi();
    openPlayer();
    const video = await findVideo();
    const socket = await subscribedSocket();
    fireEvent.ended(video);
    expect(await screen.findAllByText('Reconectando…')).not.toHaveLength(0);

    act(() => socket.push(CHANNEL, showEvent('end', '2026-12-05T04:00:00.000Z')));

    expect(await screen.findByRole('heading', { name: ENDED })).toBeTruthy();
    expect(reconnecting()).toHaveLength(0);
  });

  it('plays a REPLAY to its end and shows the ended screen, as before', async () => {
    stubPlayerApi({ playback: () => jsonResponse(200, buildPlayback({ status: 'REPLAY' })) });
    openPlayer();

    fireEvent.ended(await findVideo());

    expect(await screen.findByRole('heading', { name: ENDED })).toBeTruthy();
    expect(reconnecting()).toHaveLength(0);
  });
});
