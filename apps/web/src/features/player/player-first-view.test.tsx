import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/show-factory';
import { error } from '../../test/session-factory';
import {
  buildPlayback,
  findVideo,
  forgetGeo,
  openPlayer,
  playerShow,
  stubPlayerApi,
} from './test/player-harness';

/*
 * Decision 0075: the player draws the show it already has (its route read it) with its
 * picture while the server decides access, and keeps the picture under the video until
 * the video's first frame.
 */

vi.mock('./video/load-hls', () => ({
  loadHls: async () => {
    throw new Error('these tests play MP4 only');
  },
}));

const PICTURE = '/images/demo/atardecer.jpg';

/** A playback answer that waits until `release` is called. */
function heldPlayback() {
  let release = () => {};
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const handler = () => gate.then(() => jsonResponse(200, buildPlayback())) as unknown as Response;
  return { handler, release: () => release() };
}

const stage = () => screen.getByRole('region', { name: /video/i });
const stagePicture = () => stage().querySelector<HTMLImageElement>('.stage-picture img');

describe("the player's first view", () => {
  afterEach(() => {
    forgetGeo();
    vi.unstubAllGlobals();
  });

  it('draws the show and its picture while access is asked, and asks for the show once', async () => {
    const playback = heldPlayback();
    const api = stubPlayerApi({
      show: playerShow({ main_image: PICTURE }),
      playback: playback.handler,
    });
    openPlayer();

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('Atardecer en Atitlán');
    expect(stagePicture()?.getAttribute('src')).toBe(PICTURE);
    expect(stagePicture()?.getAttribute('alt')).toBe('');
    expect(within(stage()).getByRole('status').textContent).toBe('Cargando el reproductor…');
    expect(screen.queryByLabelText('Atardecer en Atitlán', { selector: 'video' })).toBeNull();
    // A LIVE show with its chat: the column is there, empty, before the panes.
    const side = screen.getByRole('complementary', { name: 'Chat y encuestas' });
    expect(side.textContent).toBe('');

    playback.release();
    await findVideo();
    const showCalls = api.calls().filter((call) => call.call === `GET /shows/${playerShow()._id}`);
    expect(showCalls).toHaveLength(1);
  });

  it("keeps the picture under the video until the video's first frame", async () => {
    stubPlayerApi({ show: playerShow({ main_image: PICTURE }) });
    openPlayer();

    const video = await findVideo();
    expect(stagePicture()?.getAttribute('src')).toBe(PICTURE);
    expect(video.classList.contains('video-player__video--clear')).toBe(true);

    fireEvent.loadedData(video);
    await waitFor(() => expect(stagePicture()).toBeNull());
    expect(video.classList.contains('video-player__video--clear')).toBe(false);
  });

  it('keeps no chat column while waiting for a show whose chat is hidden and polls off', async () => {
    const playback = heldPlayback();
    stubPlayerApi({
      show: playerShow({ main_image: PICTURE }, { chat_visible: false, polls: false }),
      playback: playback.handler,
    });
    openPlayer();

    await screen.findByRole('heading', { level: 1 });
    expect(stagePicture()).not.toBeNull();
    expect(screen.queryByRole('complementary')).toBeNull();
    playback.release();
    await findVideo();
  });

  it('shows a dark stage for a show without a picture', async () => {
    stubPlayerApi({ show: playerShow({ main_image: null }) });
    openPlayer();

    await findVideo();
    expect(stagePicture()).toBeNull();
  });

  it('reads the show afresh when it asks for access again', async () => {
    let attempts = 0;
    const api = stubPlayerApi({
      show: playerShow({ main_image: PICTURE }),
      playback: () => {
        attempts += 1;
        return attempts === 1
          ? error(500, 'INTERNAL_ERROR', 'Ocurrió un error inesperado')
          : jsonResponse(200, buildPlayback());
      },
    });
    openPlayer();

    fireEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    await findVideo();
    const showCalls = api.calls().filter((call) => call.call === `GET /shows/${playerShow()._id}`);
    expect(showCalls).toHaveLength(2);
  });
});
