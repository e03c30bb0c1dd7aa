import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildShow, jsonResponse } from '../../test/show-factory';
import { HomePage } from './home-page';

function stubShowsApi(answer: (url: URL) => Response) {
  const fetchMock = vi.fn((input: string) =>
    Promise.resolve(answer(new URL(input, 'http://localhost'))),
  );
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

describe('home page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('features the billboard show and lists the upcoming ones', async () => {
    const featured = buildShow({
      _id: 'feat-1',
      fullname: 'Gran Concierto',
      status: 'REPLAY',
      settings: { ...buildShow().settings, vod: true, billboard_summary: 'Una noche única' },
    });
    const online = buildShow({
      _id: 'on-1',
      fullname: 'Charla en línea',
      venue: 'Online',
      status: 'SOON',
    });
    const live = buildShow({ _id: 'live-1', fullname: 'Festival', status: 'LIVE' });
    stubShowsApi((url) =>
      jsonResponse(200, {
        items: url.searchParams.get('billboard') === '1' ? [featured] : [online, live],
      }),
    );

    renderHome();

    expect(await screen.findByRole('heading', { level: 1, name: 'Gran Concierto' })).toBeTruthy();
    expect(screen.getByText('Una noche única')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Más información' }).getAttribute('href')).toBe(
      '/shows/feat-1',
    );
    expect(screen.getByRole('link', { name: 'Play' }).getAttribute('href')).toBe(
      '/shows/feat-1/player',
    );

    const upcoming = screen.getByRole('region', { name: 'Próximos eventos' });
    const cards = await within(upcoming).findAllByRole('article');
    expect(cards).toHaveLength(2);
    expect(
      within(cards[0]!).getByRole('link', { name: 'Charla en línea' }).getAttribute('href'),
    ).toBe('/shows/on-1');
    expect(within(cards[0]!).getByText('Online')).toBeTruthy();
    expect(within(cards[0]!).getByText('Próximamente')).toBeTruthy();
    expect(within(cards[1]!).getByText('EN VIVO')).toBeTruthy();
    expect(within(cards[1]!).getByText('Teatro Nacional')).toBeTruthy();
  });

  it('offers no Play button when the show is not on demand', async () => {
    stubShowsApi(() => jsonResponse(200, { items: [buildShow({ fullname: 'Obra de teatro' })] }));

    renderHome();

    expect(await screen.findByRole('heading', { level: 1, name: 'Obra de teatro' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Play' })).toBeNull();
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
