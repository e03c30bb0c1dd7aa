import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Show } from '@taquilla/contract';
import { jsonResponse } from '../../../test/show-factory';
import { error, stubGateway } from '../../../test/session-factory';
import { eventShow, forgetGeo, geoAnswer, renderTemplate } from './event-parts/template-harness';
import { FestivalTemplate } from './festival-template';

const festival = eventShow(
  { _id: 'festival-1', fullname: 'Semana de Cine del Lago', path: 'semanacine2026' },
  { landing: { template: 'festival', headline: 'Cine de autor', intro: 'Siete días de cine.' } },
);

function film(id: string, status: Show['status'], overrides: Partial<Show> = {}, settings = {}) {
  return eventShow(
    {
      _id: id,
      fullname: `Película ${id}`,
      status,
      path: id,
      parent_show_uid: festival._id,
      ...overrides,
    },
    settings,
  );
}

function stubFestival(children: Show[] | (() => Response), country = 'GT') {
  return stubGateway({
    'GET /shows': () =>
      typeof children === 'function' ? children() : jsonResponse(200, { items: children }),
    'GET /geo': () => jsonResponse(200, geoAnswer(country)),
  });
}

function filmList() {
  return within(screen.getByRole('region', { name: 'Películas' }));
}

describe('festival template', () => {
  afterEach(() => {
    forgetGeo();
    vi.unstubAllGlobals();
  });

  it('lists the films the festival rule lists, each linking to /{festival}/{film}', async () => {
    const api = stubFestival([
      film(
        'ojos-de-maiz',
        'ACTIVE',
        {},
        {
          title: 'Ojos de maíz',
          year: 2025,
          genre: 'Drama',
          duration: 1.6,
          poster_image: '/images/demo/poster-1.svg',
        },
      ),
      film('la-marea', 'LIVE', { main_image: '/images/demo/marea.svg' }),
      film('cerrada', 'CLOSED'),
      film('nueva', 'NEW'),
      film('oculta', 'HIDDEN'),
      film('pronto', 'SOON', { path: null }),
    ]);

    renderTemplate(FestivalTemplate, { show: festival });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Semana de Cine del Lago' }),
    ).toBeTruthy();
    expect(screen.getByText('Cine de autor')).toBeTruthy();
    expect(screen.getByText('Siete días de cine.')).toBeTruthy();
    const first = await filmList().findByRole('link', { name: 'Ojos de maíz' });
    expect(first.getAttribute('href')).toBe('/semanacine2026/ojos-de-maiz');
    expect(
      filmList()
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Ojos de maíz', 'Película la-marea', 'Película pronto']);
    const card = first.closest('article')!;
    expect(card.querySelector('img')?.getAttribute('src')).toBe('/images/demo/poster-1.svg');
    expect(within(card).getByText('2025 · Drama · 1 h 36 min')).toBeTruthy();
    const marea = filmList().getByRole('link', { name: 'Película la-marea' }).closest('article')!;
    expect(marea.querySelector('img')?.getAttribute('src')).toBe('/images/demo/marea.svg');
    // A film without a path of its own keeps its /shows/{id} page.
    expect(filmList().getByRole('link', { name: 'Película pronto' }).getAttribute('href')).toBe(
      '/shows/pronto',
    );
    const listCall = api.mock.calls
      .map(([url]) => new URL(url, 'http://localhost'))
      .find((url) => url.pathname === '/shows')!;
    expect(Object.fromEntries(listCall.searchParams)).toEqual({
      parent: 'festival-1',
      filter: 'ALL',
      visible: '-1',
    });
    expect(document.title).toBe('Semana de Cine del Lago · Taquilla');
  });

  it('says so when no film is listed yet', async () => {
    stubFestival([film('cerrada', 'CLOSED')]);

    renderTemplate(FestivalTemplate, { show: festival });

    expect(
      await screen.findByText('Aún no hay películas publicadas en este festival.'),
    ).toBeTruthy();
  });

  it('shows the loading state, then a failed load with a retry that loads again', async () => {
    let fail = true;
    stubFestival(() =>
      fail
        ? error(503, 'SERVICE_UNAVAILABLE', 'El servicio no está disponible')
        : jsonResponse(200, { items: [film('la-marea', 'ACTIVE')] }),
    );

    renderTemplate(FestivalTemplate, { show: festival });

    expect(screen.getByText('Cargando las películas…').getAttribute('role')).toBe('status');
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    fail = false;
    fireEvent.click(retry);
    expect(await filmList().findByRole('link', { name: 'Película la-marea' })).toBeTruthy();
  });

  it('warns a visitor from a blocked country with the regional banner', async () => {
    stubFestival([], 'IN');

    renderTemplate(FestivalTemplate, { show: festival });

    expect(
      await screen.findByText(
        (_, node) =>
          node?.classList.contains('region-banner') === true &&
          node.textContent ===
            'Este contenido esta restringido para tu región / This content is restricted for your region',
      ),
    ).toBeTruthy();
  });

  it('shows no banner where the show blocks no country, nor in an open country', async () => {
    stubFestival([], 'IN');
    const open = { ...festival, settings: { ...festival.settings, blocked_countries: [] } };

    renderTemplate(FestivalTemplate, { show: open });

    await screen.findByText('Aún no hay películas publicadas en este festival.');
    // The location was asked for and kept: the banner had its chance to appear.
    await waitFor(() => expect(document.cookie).toContain('geo='));
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(screen.queryByText(/restringido para tu región/)).toBeNull();
  });

  it('follows the show’s own list of blocked countries', async () => {
    stubFestival([], 'GT');
    const blocked = { ...festival, settings: { ...festival.settings, blocked_countries: ['GT'] } };

    renderTemplate(FestivalTemplate, { show: blocked });

    expect(await screen.findByText(/restringido para tu región/)).toBeTruthy();
  });

  it('gives an h2 and no document title inside the console preview', async () => {
    stubFestival([]);
    document.title = 'Consola';

    renderTemplate(FestivalTemplate, { show: festival, preview: true });

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Semana de Cine del Lago' }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { level: 1 })).toBeNull();
    expect(document.title).toBe('Consola');
  });
});
