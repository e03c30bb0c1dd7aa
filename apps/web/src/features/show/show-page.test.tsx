import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildTicket } from '../../test/catalogue-factory';
import { openShow, renderAt, showWith, stubCatalogue } from '../../test/show-page-harness';

describe('show page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the title block, the about card and the important information with prices', async () => {
    const show = showWith({
      _id: 'gala',
      fullname: 'Noche de Gala',
      subtitle: 'Grandes clásicos del cine',
      description: 'Ochenta músicos en escena.',
      important_info: 'Llega 30 minutos antes.',
      tags: ['música', 'cine'],
      venue: 'Teatro Nacional',
      venue_address: '24 Calle 3-81, Zona 1',
    });
    const platea = buildTicket({ fullname: 'Platea', price: 450 });
    stubCatalogue({
      shows: [show],
      tickets: {
        gala: {
          'CREDIT_CARD|REGISTRATION|BANK_DEPOSIT|ACCOUNT_BANK_DEPOSIT': [platea],
          CREDIT_CARD: [platea],
        },
      },
    });

    await openShow(show);

    const tags = screen.getByRole('list', { name: 'Etiquetas' });
    expect(
      within(tags)
        .getAllByRole('listitem')
        .map((tag) => tag.textContent),
    ).toEqual(['música', 'cine']);
    expect(screen.getByText('Grandes clásicos del cine')).toBeTruthy();
    expect(screen.getByText('Teatro Nacional')).toBeTruthy();
    expect(screen.getByText('24 Calle 3-81, Zona 1')).toBeTruthy();
    expect(
      within(screen.getByRole('region', { name: 'Acerca del evento' })).getByText(
        'Ochenta músicos en escena.',
      ),
    ).toBeTruthy();
    const important = screen.getByRole('region', { name: 'Información importante' });
    expect(within(important).getByText('Llega 30 minutos antes.')).toBeTruthy();
    expect((await within(important).findByText('Platea')).parentElement?.textContent).toContain(
      'Q 450.00',
    );
  });

  it('asks for the show’s own image first, with its WebP copies for the width it is drawn at', async () => {
    const image =
      'http://localhost:3000/storage/public/shows/3f2b6a43-9b7e-4c1a-8f6d-2a1b3c4d5e6f/main_image-9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a';
    const show = showWith({ _id: 'gala', fullname: 'Noche de Gala', main_image: `${image}.png` });
    stubCatalogue({ shows: [show] });

    await openShow(show);

    const media = document.querySelector('.show-media')!;
    const img = media.querySelector('img')!;
    expect(img.getAttribute('src')).toBe(`${image}.png`);
    expect(img.getAttribute('fetchpriority')).toBe('high');
    expect(img.hasAttribute('loading')).toBe(false);
    expect([img.getAttribute('width'), img.getAttribute('height')]).toEqual(['1600', '900']);
    const copies = media.querySelector('source[type="image/webp"]')!;
    expect(copies.getAttribute('srcset')).toBe(
      `${image}-480w.webp 480w, ${image}-960w.webp 960w, ${image}-1600w.webp 1600w`,
    );
    expect(copies.getAttribute('sizes')).toBe('(max-width: 899px) 100vw, 640px');
  });

  it('sends a child date to its parent page, replacing the history entry', async () => {
    const parent = showWith({ _id: 'quijote', fullname: 'El Quijote de la Sexta' });
    const date = showWith(
      { _id: 'quijote-1', fullname: 'Función 1', parent_show_uid: 'quijote' },
      { is_show_date: true },
    );
    stubCatalogue({ shows: [parent, date] });

    const router = renderAt('/shows/quijote-1');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'El Quijote de la Sexta' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/shows/quijote');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('shows the not-found view when the gateway does not know the show', async () => {
    stubCatalogue({ shows: [] });

    renderAt('/shows/no-existe');

    expect(
      await screen.findByRole('heading', { name: 'La página que buscas no está disponible' }),
    ).toBeTruthy();
  });

  it('offers "Entrar" while live and an add-to-calendar link in a new tab', async () => {
    const show = showWith(
      { _id: 'live', fullname: 'Concierto', status: 'LIVE', show_date: '2026-12-05T02:00:00.000Z' },
      { duration: 3 },
    );
    stubCatalogue({ shows: [show] });

    await openShow(show);

    expect(screen.getByRole('link', { name: 'Entrar' }).getAttribute('href')).toBe(
      '/shows/live/player',
    );
    const calendar = screen.getByRole('link', { name: /Agregar a mi calendario/ });
    expect(calendar.getAttribute('target')).toBe('_blank');
    expect(calendar.getAttribute('href')).toContain('dates=20261205T020000Z/20261205T050000Z');
    expect(screen.getByText('EN VIVO')).toBeTruthy();
  });

  it('hides the sale for a show that is not on sale yet', async () => {
    const show = showWith({ _id: 'soon', fullname: 'Gira', status: 'SOON' });
    stubCatalogue({ shows: [show] });

    await openShow(show);

    expect(screen.getByText('Próximamente')).toBeTruthy();
    expect(screen.getByText('Los boletos saldrán a la venta muy pronto.')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Comprar' })).toBeNull();
  });
});
