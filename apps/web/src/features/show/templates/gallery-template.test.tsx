import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHOW_STATUSES } from '@taquilla/contract';
import type { Show } from '@taquilla/contract';
import { stubGateway } from '../../../test/session-factory';
import { eventShow, renderTemplate } from './event-parts/template-harness';
import { GalleryTemplate } from './gallery-template';

function christmas(status: Show['status'], overrides: Partial<Show> = {}) {
  return eventShow(
    { _id: 'navidad-2026', fullname: 'Navidad en el Lago', status, ...overrides },
    {
      landing: {
        template: 'gallery',
        promo_video: '/media/demo/navidad.mp4',
        gallery: [
          { image: '/images/demo/navidad-1.svg', alt: 'Coro infantil frente al árbol' },
          { image: '/images/demo/navidad-2.svg', alt: 'Fuegos artificiales sobre el lago' },
        ],
      },
    },
  );
}

describe('gallery template', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the promo video with controls and the gallery with its alt texts', async () => {
    stubGateway({});

    renderTemplate(GalleryTemplate, { show: christmas('ACTIVE') });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Navidad en el Lago' }),
    ).toBeTruthy();
    const video = screen.getByLabelText('Video promocional de Navidad en el Lago', {
      selector: 'video',
    }) as HTMLVideoElement;
    expect(video.getAttribute('src')).toBe('/media/demo/navidad.mp4');
    expect(video.hasAttribute('controls')).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    const gallery = within(screen.getByRole('region', { name: 'Galería' }));
    expect(
      gallery.getAllByRole('img').map((img) => [img.getAttribute('alt'), img.getAttribute('src')]),
    ).toEqual([
      ['Coro infantil frente al árbol', '/images/demo/navidad-1.svg'],
      ['Fuegos artificiales sobre el lago', '/images/demo/navidad-2.svg'],
    ]);
  });

  it.each(SHOW_STATUSES)('offers the watch link only while LIVE or REPLAY: %s', async (status) => {
    stubGateway({});

    renderTemplate(GalleryTemplate, { show: christmas(status) });

    await screen.findByRole('heading', { level: 1, name: 'Navidad en el Lago' });
    const link = screen.queryByRole('link', { name: 'Ver transmisión' });
    expect(link !== null).toBe(status === 'LIVE' || status === 'REPLAY');
  });

  it('links the watch link to the vanity player and follows it', async () => {
    stubGateway({});

    const router = renderTemplate(GalleryTemplate, {
      show: christmas('LIVE', { path: 'navidadlago' }),
    });

    const watch = await screen.findByRole('link', { name: 'Ver transmisión' });
    expect(watch.getAttribute('href')).toBe('/navidadlago/player');
    fireEvent.click(watch);
    expect(router.state.location.pathname).toBe('/navidadlago/player');
  });

  it('stays on the page inside the console preview', async () => {
    stubGateway({});

    const router = renderTemplate(GalleryTemplate, { show: christmas('LIVE'), preview: true });

    fireEvent.click(await screen.findByRole('link', { name: 'Ver transmisión' }));
    expect(router.state.location.pathname).toBe('/');
  });
});
