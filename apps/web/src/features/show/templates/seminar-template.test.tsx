import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubGateway } from '../../../test/session-factory';
import { eventShow, renderTemplate } from './event-parts/template-harness';
import { SeminarTemplate } from './seminar-template';

const seminar = eventShow(
  { _id: 'seminario-1', fullname: 'Seminario de Seguridad Vial', path: 'seminario-vial' },
  {
    nologin: true,
    channel_image: '/images/demo/seminario-wide.svg',
    channel_image_mobile: '/images/demo/seminario-mobile.svg',
    landing: {
      template: 'seminar',
      intro: 'Bienvenidos al seminario.',
      promo_video: '/media/demo/seminario.mp4',
      people: [
        { name: 'Ana Sicán', role: 'Ingeniera de tránsito', photo: '/images/demo/person-1.svg' },
        { name: 'Luis Tzoc', role: 'Paramédico', photo: '/images/demo/person-2.svg' },
      ],
      downloads: [{ title: 'Manual del conductor', file: '/storage/public/seminario/manual.pdf' }],
    },
  },
);

describe('seminar template', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the header image, the welcome, the video, the speakers, the material and the player link', async () => {
    stubGateway({});

    renderTemplate(SeminarTemplate, { show: seminar });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Seminario de Seguridad Vial' }),
    ).toBeTruthy();
    const picture = document.querySelector('picture')!;
    expect(picture.querySelector('source')?.getAttribute('srcset')).toBe(
      '/images/demo/seminario-mobile.svg',
    );
    expect(picture.querySelector('source')?.getAttribute('media')).toBe('(max-width: 899px)');
    expect(picture.querySelector('img')?.getAttribute('src')).toBe(
      '/images/demo/seminario-wide.svg',
    );
    expect(screen.getByText('Bienvenidos al seminario.')).toBeTruthy();
    expect(
      screen
        .getByLabelText('Video promocional de Seminario de Seguridad Vial', {
          selector: 'video',
        })
        .getAttribute('src'),
    ).toBe('/media/demo/seminario.mp4');
    const speakers = within(screen.getByRole('region', { name: 'Conferencistas' }));
    const ana = speakers.getByRole('heading', { level: 3, name: 'Ana Sicán' }).closest('article')!;
    expect(within(ana).getByRole('img', { name: 'Ana Sicán' }).getAttribute('src')).toBe(
      '/images/demo/person-1.svg',
    );
    expect(within(ana).getByText('Ingeniera de tránsito')).toBeTruthy();
    const material = screen.getByRole('link', {
      name: 'Descargar material del taller: Manual del conductor',
    });
    expect(material.getAttribute('href')).toBe(
      `/etickets/downloads/redeem?filename=${encodeURIComponent('/storage/public/seminario/manual.pdf')}`,
    );
    expect(material.hasAttribute('download')).toBe(true);
    expect(screen.getByRole('link', { name: 'Entrar al seminario' }).getAttribute('href')).toBe(
      '/seminario-vial/player',
    );
  });

  it('uses the one header image it has, and /shows/{id}/player without a path', async () => {
    stubGateway({});
    const plain = eventShow(
      { _id: 'seminario-2', fullname: 'Taller de Primeros Auxilios' },
      {
        channel_image_mobile: '/images/demo/seminario-mobile.svg',
        landing: { template: 'seminar' },
      },
    );

    renderTemplate(SeminarTemplate, { show: plain });

    await screen.findByRole('heading', { level: 1, name: 'Taller de Primeros Auxilios' });
    expect(document.querySelector('.landing-banner source')).toBeNull();
    expect(document.querySelector('.landing-banner img')?.getAttribute('src')).toBe(
      '/images/demo/seminario-mobile.svg',
    );
    expect(screen.getByRole('link', { name: 'Entrar al seminario' }).getAttribute('href')).toBe(
      '/shows/seminario-2/player',
    );
    expect(screen.queryByRole('region', { name: 'Conferencistas' })).toBeNull();
  });
});
