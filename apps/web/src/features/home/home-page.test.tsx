import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Show } from '@taquilla/contract';
import { groupByMonth, startOfWeek } from '@taquilla/domain';
import { buildShow, jsonResponse } from '../../test/show-factory';
import { HomePage } from './home-page';

const DAY = 24 * 60 * 60 * 1000;

type HomeLists = { billboard?: Show[]; upcoming?: Show[]; digital?: Show[]; past?: Show[] };

function stubShowsApi(lists: HomeLists | ((url: URL) => Response)) {
  const fetchMock = vi.fn((input: string) => {
    const url = new URL(input, 'http://localhost');
    if (typeof lists === 'function') return Promise.resolve(lists(url));
    const { billboard = [], upcoming = [], digital = [], past = [] } = lists;
    const items =
      url.searchParams.get('billboard') === '1'
        ? billboard
        : url.searchParams.get('vod') === '1'
          ? digital
          : url.searchParams.get('filter') === 'PAST'
            ? past
            : upcoming;
    return Promise.resolve(jsonResponse(200, { items }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function renderHome() {
  return render(
    <MemoryRouter>
      <HomePage />
    </MemoryRouter>,
  );
}

function sectionTitles(): string[] {
  return screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent ?? '');
}

/** A date in next week, so never in "Esta semana" whatever day the test runs. */
function nextWeek(days = 1): string {
  return new Date(startOfWeek(new Date()).getTime() + (7 + days) * DAY).toISOString();
}

describe('home page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('features the billboard show', async () => {
    const featured = buildShow({
      _id: 'feat-1',
      fullname: 'Gran Concierto',
      status: 'REPLAY',
      settings: { ...buildShow().settings, vod: true, billboard_summary: 'Una noche única' },
    });
    stubShowsApi({ billboard: [featured] });

    renderHome();

    expect(await screen.findByRole('heading', { level: 1, name: 'Gran Concierto' })).toBeTruthy();
    expect(screen.getByText('Una noche única')).toBeTruthy();
    // The title the server's head gave the page (decision 0069), kept.
    expect(document.title).toBe('Taquilla: boletos para eventos en Guatemala');
    expect(
      screen
        .getByRole('link', { name: 'Más información sobre Gran Concierto' })
        .getAttribute('href'),
    ).toBe('/shows/feat-1');
    expect(screen.getByRole('link', { name: 'Play' }).getAttribute('href')).toBe(
      '/shows/feat-1/player',
    );
  });

  it('asks for the billboard image first, at a phone’s or a desktop’s width; card images load lazily', async () => {
    const upload = (field: string) =>
      `http://localhost:3000/storage/public/shows/3f2b6a43-9b7e-4c1a-8f6d-2a1b3c4d5e6f/${field}-9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a`;
    const hero = upload('main_image');
    const featured = buildShow({ fullname: 'Gran Concierto', main_image: `${hero}.jpg` });
    const card = buildShow({
      fullname: 'Gala',
      show_date: nextWeek(45),
      main_image: `${upload('poster_image')}.png`,
    });
    stubShowsApi({ billboard: [featured], upcoming: [card] });

    const { container } = renderHome();

    await screen.findAllByRole('heading', { level: 4, name: 'Gala' });
    const billboard = container.querySelector('.billboard')!;
    const heroImage = billboard.querySelector('img')!;
    expect(heroImage.getAttribute('src')).toBe(`${hero}.jpg`);
    expect(heroImage.getAttribute('fetchpriority')).toBe('high');
    expect(heroImage.hasAttribute('loading')).toBe(false);
    expect([heroImage.getAttribute('width'), heroImage.getAttribute('height')]).toEqual([
      '1600',
      '900',
    ]);
    const heroCopies = billboard.querySelector('source[type="image/webp"]')!;
    expect(heroCopies.getAttribute('srcset')).toBe(
      `${hero}-480w.webp 480w, ${hero}-960w.webp 960w, ${hero}-1600w.webp 1600w`,
    );
    expect(heroCopies.getAttribute('sizes')).toBe('100vw');

    const cardImage = container.querySelector('.show-card img')!;
    expect(cardImage.getAttribute('loading')).toBe('lazy');
    expect(cardImage.getAttribute('decoding')).toBe('async');
    expect(cardImage.hasAttribute('fetchpriority')).toBe(false);
    expect(cardImage.getAttribute('width')).toBe('1600');
    expect(
      container.querySelector('.show-card source[type="image/webp"]')?.getAttribute('sizes'),
    ).toBe('(max-width: 599px) 100vw, (max-width: 899px) 50vw, 400px');
  });

  it('offers no Play button when the show is not on demand', async () => {
    stubShowsApi({ billboard: [buildShow({ fullname: 'Obra de teatro' })] });

    renderHome();

    expect(await screen.findByRole('heading', { level: 1, name: 'Obra de teatro' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Play' })).toBeNull();
  });

  it('lists this week, the coming months, digital content and past events, in that order', async () => {
    const running = buildShow({
      _id: 'now',
      fullname: 'Festival en curso',
      status: 'LIVE',
      show_date: new Date().toISOString(),
    });
    const online = buildShow({
      _id: 'on-1',
      fullname: 'Charla en línea',
      venue: 'Online',
      status: 'SOON',
      show_date: nextWeek(1),
    });
    const later = buildShow({ _id: 'later', fullname: 'Gala', show_date: nextWeek(45) });
    const film = buildShow({ _id: 'vod', fullname: 'Película', status: 'REPLAY' });
    const pastShows = [
      buildShow({ fullname: 'Pasado reciente', show_date: '2026-10-20T02:00:00.000Z' }),
      buildShow({ fullname: 'Pasado antiguo', show_date: '2026-08-10T02:00:00.000Z' }),
    ];
    stubShowsApi({ upcoming: [online, later, running], digital: [film], past: pastShows });

    renderHome();

    await vi.waitFor(() =>
      expect(sectionTitles()).toEqual([
        'Esta semana',
        'Próximos eventos',
        'Contenido digital',
        'Eventos pasados',
      ]),
    );

    const thisWeek = screen.getByRole('region', { name: 'Esta semana' });
    expect(within(thisWeek).getByText('EN VIVO')).toBeTruthy();
    expect(within(thisWeek).getAllByRole('article')).toHaveLength(1);

    const upcoming = screen.getByRole('region', { name: 'Próximos eventos' });
    const months = groupByMonth([online, later]).map((group) => group.label);
    expect(
      within(upcoming)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(months);
    const firstCard = within(upcoming).getAllByRole('article')[0]!;
    expect(
      within(firstCard).getByRole('link', { name: 'Charla en línea' }).getAttribute('href'),
    ).toBe('/shows/on-1');
    expect(within(firstCard).getByText('Online')).toBeTruthy();
    expect(within(firstCard).getByText('Próximamente')).toBeTruthy();

    const past = screen.getByRole('region', { name: 'Eventos pasados' });
    expect(
      within(past)
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Octubre 2026', 'Agosto 2026']);
    expect(within(past).getByRole('link', { name: 'Ver todos' }).getAttribute('href')).toBe(
      '/shows/past',
    );
  });

  it('leaves out the sections that have nothing to show', async () => {
    stubShowsApi({ upcoming: [buildShow({ fullname: 'Gala', show_date: nextWeek(2) })] });

    renderHome();

    expect(await screen.findByRole('region', { name: 'Próximos eventos' })).toBeTruthy();
    await vi.waitFor(() => expect(sectionTitles()).toEqual(['Próximos eventos']));
  });

  it('keeps the first 100 past shows', async () => {
    const past = Array.from({ length: 120 }, (_, index) =>
      buildShow({ show_date: new Date(Date.UTC(2026, 9, 1, 2) - index * 3600_000).toISOString() }),
    );
    stubShowsApi({ past });

    renderHome();

    fireEvent.click(await screen.findByRole('button', { name: 'Ver más (92)' }));
    const section = screen.getByRole('region', { name: 'Eventos pasados' });
    expect(within(section).getAllByRole('article')).toHaveLength(100);
  });

  it('shows a first page of a long section and "Ver más", which shows the rest and moves the focus to it', async () => {
    const shows = Array.from({ length: 12 }, (_, index) =>
      buildShow({ fullname: `Función ${index + 1}`, show_date: nextWeek(1 + index) }),
    );
    stubShowsApi({ upcoming: shows });

    renderHome();

    const more = await screen.findByRole('button', { name: 'Ver más (4)' });
    const section = screen.getByRole('region', { name: 'Próximos eventos' });
    expect(within(section).getAllByRole('article')).toHaveLength(8);
    fireEvent.click(more);

    expect(within(section).getAllByRole('article')).toHaveLength(12);
    expect(within(section).queryByRole('button', { name: /^Ver más/ })).toBeNull();
    expect(document.activeElement).toBe(within(section).getByRole('link', { name: 'Función 9' }));
  });

  it('shows a section only one show longer than a page whole', async () => {
    const shows = Array.from({ length: 9 }, (_, index) =>
      buildShow({ show_date: nextWeek(1 + index) }),
    );
    stubShowsApi({ upcoming: shows });

    renderHome();

    await screen.findByRole('link', { name: shows[8]!.fullname });
    const section = screen.getByRole('region', { name: 'Próximos eventos' });
    expect(within(section).getAllByRole('article')).toHaveLength(9);
    expect(within(section).queryByRole('button', { name: /^Ver más/ })).toBeNull();
  });

  it('lists a show that began before today and still runs under "En curso", not "Esta semana"', async () => {
    const today = buildShow({ fullname: 'Hoy', show_date: new Date().toISOString() });
    const running = buildShow({
      fullname: 'Festival de la semana pasada',
      show_date: new Date(Date.now() - 9 * DAY).toISOString(),
    });
    stubShowsApi({ upcoming: [running, today] });

    renderHome();

    const ongoing = await screen.findByRole('region', { name: 'En curso' });
    expect(
      within(ongoing).getByRole('link', { name: 'Festival de la semana pasada' }),
    ).toBeTruthy();
    const thisWeek = screen.getByRole('region', { name: 'Esta semana' });
    expect(within(thisWeek).getAllByRole('article')).toHaveLength(1);
    expect(within(thisWeek).getByRole('link', { name: 'Hoy' })).toBeTruthy();
    expect(sectionTitles()).toEqual(['Esta semana', 'En curso']);
  });

  it('filters every section by the tag chips', async () => {
    const rock = buildShow({
      fullname: 'Rock del Altiplano',
      tags: ['música', 'rock'],
      show_date: nextWeek(1),
    });
    const play = buildShow({ fullname: 'El Quijote', tags: ['teatro'], show_date: nextWeek(2) });
    const film = buildShow({ fullname: 'Película', tags: ['cine'] });
    stubShowsApi({ upcoming: [rock, play], digital: [film] });

    renderHome();

    const chips = await screen.findByRole('group', { name: 'Filtrar por etiqueta' });
    await within(chips).findByRole('button', { name: 'cine' });
    expect(
      within(chips)
        .getAllByRole('button')
        .map((chip) => chip.textContent),
    ).toEqual(['cine', 'música', 'rock', 'teatro']);

    const rockChip = within(chips).getByRole('button', { name: 'rock' });
    expect(rockChip.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(rockChip);

    expect(rockChip.getAttribute('aria-pressed')).toBe('true');
    expect(
      screen.getAllByRole('article').map((card) => card.querySelector('a')?.textContent),
    ).toEqual(['Rock del Altiplano']);
    expect(screen.queryByRole('region', { name: 'Contenido digital' })).toBeNull();

    fireEvent.click(within(chips).getByRole('button', { name: 'cine' }));
    expect(screen.getAllByRole('article')).toHaveLength(2);

    fireEvent.click(within(chips).getByRole('button', { name: 'Quitar filtros' }));
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(rockChip.getAttribute('aria-pressed')).toBe('false');
  });

  it('keeps the less used tags behind "Más etiquetas", except a chip that is on', async () => {
    const tags = Array.from(
      { length: 14 },
      (_, index) => `etiqueta-${String(index).padStart(2, '0')}`,
    );
    // Show i carries the first i + 1 tags, so the first tags are the most used.
    const upcoming = tags.map((_, index) =>
      buildShow({ tags: tags.slice(0, index + 1), show_date: nextWeek(1) }),
    );
    stubShowsApi({ upcoming });

    renderHome();

    const chips = await screen.findByRole('group', { name: 'Filtrar por etiqueta' });
    await within(chips).findByRole('button', { name: 'Más etiquetas (2)' });
    const names = () => [...chips.querySelectorAll('.tag-chip')].map((chip) => chip.textContent);
    expect(names()).toHaveLength(12);
    expect(names()).not.toContain('etiqueta-13');

    const more = within(chips).getByRole('button', { name: 'Más etiquetas (2)' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(more);
    expect(more.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(within(chips).getByRole('button', { name: 'etiqueta-13' }));
    fireEvent.click(within(chips).getByRole('button', { name: 'Menos etiquetas' }));

    expect(names()).toHaveLength(13);
    expect(
      within(chips).getByRole('button', { name: 'etiqueta-13' }).getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('explains a failed load and retries on request', async () => {
    let isDown = true;
    stubShowsApi(() =>
      isDown
        ? jsonResponse(503, {
            error: 'SERVICE_UNAVAILABLE',
            message: 'El servicio no está disponible en este momento',
          })
        : jsonResponse(200, { items: [buildShow({ fullname: 'De vuelta' })] }),
    );

    renderHome();

    const alerts = await screen.findAllByRole('alert');
    expect(alerts[0]?.textContent).toContain('El servicio no está disponible en este momento');

    isDown = false;
    for (const button of screen.getAllByRole('button', { name: 'Reintentar' })) {
      fireEvent.click(button);
    }

    expect(await screen.findByRole('heading', { level: 1, name: 'De vuelta' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
