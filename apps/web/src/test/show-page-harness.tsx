import { render, screen, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import type { Show, Ticket } from '@taquilla/contract';
import { routes } from '../routes';
import { stubApi } from './catalogue-factory';
import type { createCartStub } from './cart-stub';
import { buildShow, jsonResponse } from './show-factory';

/*
 * Renders the real route table at a show page over a stubbed gateway: GET /shows/{id},
 * GET /shows?parent= (funciones) and GET /shows/{id}/tickets?paymentType=…
 */

export const DAY = 24 * 60 * 60 * 1000;

export type Catalogue = {
  shows: Show[];
  /** Tickets by show id and the `paymentType` query as sent. */
  tickets?: Record<string, Record<string, Ticket[]>>;
  children?: Record<string, Show[]>;
  /** Answers the cart calls; without it they fail as unknown routes. */
  cart?: ReturnType<typeof createCartStub>;
};

export function showWith(
  overrides: Partial<Show> = {},
  settings: Partial<Show['settings']> = {},
): Show {
  const base = buildShow(overrides);
  return { ...base, settings: { ...base.settings, ...settings } };
}

/** Answers as the gateway would for the given shows (by `_id` or path); an unknown show is a 404. */
export function stubCatalogue({ shows, tickets = {}, children = {}, cart }: Catalogue) {
  return stubApi((request) => {
    const cartAnswer = cart?.answer(request);
    if (cartAnswer) return cartAnswer;
    const { url } = request;
    const ticketsMatch = /^\/shows\/([^/]+)\/tickets$/.exec(url.pathname);
    if (ticketsMatch) {
      const byType = tickets[decodeURIComponent(ticketsMatch[1]!)] ?? {};
      return jsonResponse(200, { items: byType[url.searchParams.get('paymentType') ?? ''] ?? [] });
    }
    if (url.pathname === '/shows') {
      return jsonResponse(200, { items: children[url.searchParams.get('parent') ?? ''] ?? [] });
    }
    const showMatch = /^\/shows\/([^/]+)$/.exec(url.pathname);
    const idOrPath = showMatch ? decodeURIComponent(showMatch[1]!) : null;
    const show = shows.find(
      (candidate) => candidate._id === idOrPath || (!!idOrPath && candidate.path === idOrPath),
    );
    if (show) return jsonResponse(200, show);
    return jsonResponse(404, { error: 'SHOW_NOT_FOUND', message: 'El evento no existe' });
  });
}

export function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

export async function openShow(show: Show) {
  const router = renderAt(`/shows/${show._id}`);
  await screen.findByRole('heading', { level: 1, name: show.fullname });
  return router;
}

export function purchase(name = 'Comprar') {
  return screen.getByRole('region', { name });
}

export function summary() {
  return screen.getByRole('complementary', { name: 'Resumen de tu orden' });
}

export function optionValues(select: HTMLElement): string[] {
  return within(select)
    .getAllByRole('option')
    .map((option) => option.textContent ?? '');
}
