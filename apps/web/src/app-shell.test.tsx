import { render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppShell } from './app-shell';
import type { RouteHandle } from './components/layout/route-layout';
import { stubGateway } from './test/session-factory';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <AppShell />,
        children: [
          { path: '/', element: <p>Inicio</p> },
          {
            path: '/shows/:id/player',
            element: <p>Reproductor</p>,
            handle: { layout: 'player' } satisfies RouteHandle,
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  return render(<RouterProvider router={router} />);
}

describe('application shell', () => {
  beforeEach(() => {
    stubGateway({});
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('frames pages with the menu, the cart count and the footer', async () => {
    renderAt('/');

    const menu = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(menu.textContent).toContain('Eventos');
    expect(menu.textContent).toContain('Contenido Digital');
    expect(screen.getByRole('link', { name: 'Carrito: 0 boletos en el carrito' })).toBeTruthy();
    // The account icon, until the session is known; then the login button for a visitor.
    expect(screen.getByRole('link', { name: 'Mi cuenta' }).getAttribute('href')).toBe('/account');
    expect((await screen.findByRole('link', { name: 'Ingresar' })).getAttribute('href')).toBe(
      '/login',
    );
    expect(screen.getByRole('contentinfo').textContent).toContain(
      `© Taquilla ${new Date().getFullYear()}`,
    );
  });

  it('hides the menu and the footer on player routes', () => {
    renderAt('/shows/abc/player');

    expect(screen.getByText('Reproductor')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Menú principal' })).toBeNull();
    expect(screen.queryByRole('contentinfo')).toBeNull();
  });
});
