import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubGateway } from '../../../test/session-factory';
import { AlbumTemplate } from './album-template';
import { eventShow, renderTemplate } from './event-parts/template-harness';

const TRACKS = Array.from({ length: 10 }, (_, index) => ({
  title: `Canción ${index + 1}`,
  file: `/storage/public/album/pista ${index + 1}.mp3`,
}));

const album = eventShow(
  { fullname: 'Marimba de Noche' },
  {
    landing: {
      template: 'album',
      headline: 'Descarga gratis el álbum',
      downloads: TRACKS,
      zip: { title: 'Marimba de Noche (completo)', file: '/storage/public/album/marimba.zip' },
    },
  },
);

const redeem = (file: string) => `/etickets/downloads/redeem?filename=${encodeURIComponent(file)}`;

describe('album template', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('offers the ten tracks and the zip, each through the counted redeem', async () => {
    stubGateway({});

    renderTemplate(AlbumTemplate, { show: album });

    expect(await screen.findByRole('heading', { level: 1, name: 'Marimba de Noche' })).toBeTruthy();
    const tracks = within(screen.getByRole('region', { name: 'Canciones' }));
    const links = tracks.getAllByRole('link');
    expect(links.map((link) => link.getAttribute('aria-label'))).toEqual(
      TRACKS.map((track) => `Descargar ${track.title}`),
    );
    expect(links.every((link) => link.textContent === 'Descargar')).toBe(true);
    links.forEach((link, index) => {
      expect(link.getAttribute('href')).toBe(redeem(TRACKS[index]!.file));
      expect(link.hasAttribute('download')).toBe(true);
    });
    expect(tracks.getByRole('link', { name: 'Descargar Canción 3' }).getAttribute('href')).toBe(
      '/etickets/downloads/redeem?filename=%2Fstorage%2Fpublic%2Falbum%2Fpista%203.mp3',
    );
    const zip = screen.getByRole('link', {
      name: 'Descargar álbum completo: Marimba de Noche (completo)',
    });
    expect(zip.getAttribute('href')).toBe(redeem('/storage/public/album/marimba.zip'));
    expect(zip.hasAttribute('download')).toBe(true);
  });

  it('says so when there is nothing to download', async () => {
    stubGateway({});

    renderTemplate(AlbumTemplate, { show: eventShow({}, { landing: { template: 'album' } }) });

    expect(await screen.findByText('Aún no hay canciones para descargar.')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Descargar álbum completo/ })).toBeNull();
  });

  it('downloads nothing from the console preview', async () => {
    stubGateway({});

    renderTemplate(AlbumTemplate, { show: album, preview: true });

    const link = await screen.findByRole('link', { name: 'Descargar Canción 1' });
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    fireEvent(link, click);
    expect(click.defaultPrevented).toBe(true);
    expect(screen.getByRole('heading', { level: 2, name: 'Marimba de Noche' })).toBeTruthy();
  });
});
