import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from './routes';
import { buildShow, jsonResponse } from './test/show-factory';

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('route table', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends /shows to the home page, replacing the history entry', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(jsonResponse(200, { items: [] }))),
    );

    const router = renderAt('/shows');

    expect(
      await screen.findByRole('combobox', { name: 'Buscar eventos por nombre o lugar' }),
    ).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lists past shows by month on /shows/past', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        const url = new URL(input, 'http://localhost');
        expect(url.searchParams.get('filter')).toBe('PAST');
        expect(url.searchParams.get('sort')).toBe('-1');
        return Promise.resolve(
          jsonResponse(200, {
            items: [
              buildShow({ fullname: 'Marimba', show_date: '2026-10-20T02:00:00.000Z' }),
              buildShow({ fullname: 'Ballet', show_date: '2026-09-12T02:00:00.000Z' }),
            ],
          }),
        );
      }),
    );

    renderAt('/shows/past');

    expect(await screen.findByRole('heading', { level: 1, name: 'Eventos pasados' })).toBeTruthy();
    const october = await screen.findByRole('region', { name: 'Octubre 2026' });
    expect(within(october).getByRole('link', { name: 'Marimba' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Septiembre 2026' })).toBeTruthy();
  });

  it('lists the cookies the site sets, each with the duration it really has', async () => {
    renderAt('/cookies');

    const rows = (await screen.findAllByRole('row')).map((row) => row.textContent ?? '');
    expect(rows.find((row) => row.startsWith('Carrito (sessionID)'))).toContain('30 días');
    expect(rows.find((row) => row.startsWith('Geolocalización (geo)'))).toContain('45 días');
    expect(rows.find((row) => row.startsWith('Consentimiento (cookie_consent)'))).toContain(
      '150 días',
    );
    expect(rows.find((row) => row.startsWith('Dispositivo conocido (login_device)'))).toContain(
      '90 días',
    );
    // No analytics cookies are set, so none is listed.
    expect(rows.some((row) => row.startsWith('_ga'))).toBe(false);
  });

  it('keeps the menu on screen and announces the page while its code arrives', async () => {
    renderAt('/cookies');

    expect(screen.getByRole('navigation', { name: 'Menú principal' })).toBeTruthy();
    expect(screen.getByText('Cargando la página…').getAttribute('role')).toBe('status');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Política de cookies' }),
    ).toBeTruthy();
    expect(screen.queryByText('Cargando la página…')).toBeNull();
  });

  // One and two segments are vanity paths, asked of the gateway (show-vanity-routing.test.tsx).
  it('shows the not-found view for any path no route takes', () => {
    renderAt('/no/existe/aqui');

    expect(
      screen.getByRole('heading', { level: 1, name: 'La página que buscas no está disponible' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a Eventos' }).getAttribute('href')).toBe('/');
  });
});
