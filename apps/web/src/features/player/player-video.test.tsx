import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../test/show-factory';
import {
  buildPlayback,
  findVideo,
  forgetGeo,
  openPlayer,
  stubPlayerApi,
} from './test/player-harness';

/** hls.js at its boundary: records what it was asked to play, in a browser that supports it. */
const hlsInstances: {
  source: string | null;
  media: HTMLMediaElement | null;
  destroyed: boolean;
}[] = [];
vi.mock('./video/load-hls', () => ({
  loadHls: async () =>
    class FakeHls {
      static isSupported = () => true;
      static Events = { ERROR: 'hlsError' };
      private readonly record = {
        source: null as string | null,
        media: null as HTMLMediaElement | null,
        destroyed: false,
      };
      constructor() {
        hlsInstances.push(this.record);
      }
      on() {}
      loadSource(source: string) {
        this.record.source = source;
      }
      attachMedia(media: HTMLMediaElement) {
        this.record.media = media;
      }
      destroy() {
        this.record.destroyed = true;
      }
    },
}));

const PLAYLIST = [
  {
    _id: 'mercado',
    title: 'Mercado La Terminal',
    description: 'Un día en el mercado más grande de la capital.',
    image_url: '/images/demo/mercado.svg',
    video_url: '/media/mercado.mp4',
    status: 'ACTIVE' as const,
    default: true,
  },
  {
    _id: 'barriletes',
    title: 'Barriletes de Sumpango',
    description: 'Estreno en vivo con la directora.',
    video_url: '/media/barriletes.m3u8',
    status: 'LIVE' as const,
  },
  {
    _id: 'tren',
    title: 'El último tren a Zacapa',
    date: '2026-12-12T02:00:00.000Z',
    description: 'Disponible la próxima semana.',
    status: 'SOON' as const,
  },
];

const sourceOf = (video: HTMLVideoElement) => video.getAttribute('src');

describe('player video', () => {
  afterEach(() => {
    forgetGeo();
    hlsInstances.length = 0;
    vi.unstubAllGlobals();
  });

  it('switches between the Spanish and English versions, Spanish first', async () => {
    stubPlayerApi({
      playback: () =>
        jsonResponse(
          200,
          buildPlayback({
            video_url_es: '/media/pelicula-es.mp4',
            video_url_en: '/media/film-en.mp4',
          }),
        ),
    });
    openPlayer();

    expect(sourceOf(await findVideo())).toBe('/media/pelicula-es.mp4');
    const toggle = screen.getByRole('group', { name: 'Idioma del video' });
    expect(
      within(toggle).getByRole('button', { name: 'Español' }).getAttribute('aria-pressed'),
    ).toBe('true');

    fireEvent.click(within(toggle).getByRole('button', { name: 'English' }));

    await waitFor(async () => expect(sourceOf(await findVideo())).toBe('/media/film-en.mp4'));
    expect(
      within(toggle).getByRole('button', { name: 'English' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('has no language toggle when the show has one version', async () => {
    stubPlayerApi();
    openPlayer();

    await findVideo();
    expect(screen.queryByRole('group', { name: 'Idioma del video' })).toBeNull();
  });

  it('plays HLS through hls.js where the browser has no native HLS, and MP4 directly', async () => {
    stubPlayerApi({
      playback: () =>
        jsonResponse(200, buildPlayback({ video_url: '/media/demo/taquilla-demo.m3u8' })),
    });
    openPlayer();

    const video = await findVideo();
    await waitFor(() => expect(hlsInstances).toHaveLength(1));
    expect(hlsInstances[0]!.source).toBe('/media/demo/taquilla-demo.m3u8');
    expect(hlsInstances[0]!.media).toBe(video);
    expect(sourceOf(video)).toBeNull();
    expect(video.volume).toBe(0.8);
  });

  it('lists the playlist with its overlays and plays the default item first', async () => {
    stubPlayerApi({
      playback: () => jsonResponse(200, buildPlayback({ video_url: null, playlist: PLAYLIST })),
    });
    openPlayer();

    expect(sourceOf(await findVideo())).toBe('/media/mercado.mp4');
    const panel = screen.getByRole('region', { name: 'Lista de reproducción' });
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    const live = within(panel).getByRole('button', { name: 'Reproducir Barriletes de Sumpango' });
    expect(live.textContent).toContain('EN VIVO');
    expect(
      within(panel)
        .getByRole('button', { name: 'Reproducir Mercado La Terminal' })
        .getAttribute('aria-current'),
    ).toBe('true');
    const soon = within(panel).getByRole('group', {
      name: 'El último tren a Zacapa, aún no disponible',
    });
    expect(soon.textContent).toContain('PRÓXIMAMENTE');
    expect(soon.textContent).toContain('Disponible la próxima semana.');
    expect(within(panel).queryByRole('button', { name: /El último tren/ })).toBeNull();
  });

  it('plays the item clicked', async () => {
    stubPlayerApi({
      playback: () => jsonResponse(200, buildPlayback({ video_url: null, playlist: PLAYLIST })),
    });
    openPlayer();
    await findVideo();

    fireEvent.click(screen.getByRole('button', { name: 'Reproducir Barriletes de Sumpango' }));

    await waitFor(() => expect(hlsInstances.at(-1)?.source).toBe('/media/barriletes.m3u8'));
  });

  it('plays the next item when one ends, and shows the ended screen after the last', async () => {
    stubPlayerApi({
      playback: () => jsonResponse(200, buildPlayback({ video_url: null, playlist: PLAYLIST })),
    });
    openPlayer();

    fireEvent.ended(await findVideo());
    await waitFor(() => expect(hlsInstances.at(-1)?.source).toBe('/media/barriletes.m3u8'));
    expect(
      screen
        .getByRole('button', { name: 'Reproducir Barriletes de Sumpango' })
        .getAttribute('aria-current'),
    ).toBe('true');

    fireEvent.ended(await findVideo());
    expect(
      await screen.findByRole('heading', { name: 'La transmisión del evento ha terminado' }),
    ).toBeTruthy();
  });

  it('shows the ended screen when an on-demand show video finishes', async () => {
    stubPlayerApi({ playback: () => jsonResponse(200, buildPlayback({ status: 'REPLAY' })) });
    openPlayer();

    fireEvent.ended(await findVideo());

    expect(
      await screen.findByRole('heading', { name: 'La transmisión del evento ha terminado' }),
    ).toBeTruthy();
  });

  it('reports that the video loaded once', async () => {
    const api = stubPlayerApi();
    openPlayer();

    const video = await findVideo();
    fireEvent.loadedData(video);
    fireEvent.loadedData(video);

    await waitFor(() =>
      expect(
        api
          .calls()
          .filter((call) => (call.body as { action?: string } | undefined)?.action === 'loaded'),
      ).toHaveLength(1),
    );
  });
});
