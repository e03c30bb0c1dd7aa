import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { routes } from './routes';
import { jsonResponse } from './test/show-factory';

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
    vi.stubGlobal('fetch', vi.fn().mockResolvedValue(jsonResponse(200, { items: [] })));

    const router = renderAt('/shows');

    expect(await screen.findByRole('heading', { name: 'Próximos eventos' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('lists every cookie of the policy with its duration', () => {
    renderAt('/cookies');

    const rows = screen.getAllByRole('row').map((row) => row.textContent ?? '');
    expect(rows.find((row) => row.startsWith('_ga'))).toContain('2 años');
    expect(rows.find((row) => row.startsWith('_gid'))).toContain('1 día');
    expect(rows.find((row) => row.startsWith('_gat'))).toContain('1 minuto');
    expect(rows.filter((row) => row.includes('10 minutos'))).toHaveLength(3);
  });

  it('shows the not-found view for any other path', () => {
    renderAt('/no/existe');

    expect(
      screen.getByRole('heading', { level: 1, name: 'La página que buscas no está disponible' }),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ir a Eventos' }).getAttribute('href')).toBe('/');
  });
});
