import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CurrentSession, Role } from '@taquilla/contract';
import {
  buildCurrentSession,
  buildUser,
  renderRoute,
  stubGateway,
} from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';

function sessionActingAs(role: Role): CurrentSession {
  const base = buildCurrentSession(buildUser({ roles: [role] }));
  return { ...base, session: { ...base.session, role } };
}

describe('shell redirects', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends /shows/{id}/play to the player, keeping the query string', async () => {
    // The player's own calls stay unanswered: only where the visitor was sent matters.
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => undefined)),
    );
    const router = renderRoute('/shows/show-42/play?code=QX7K2M&activated=1');

    await waitFor(() => expect(router.state.location.pathname).toBe('/shows/show-42/player'));
    expect(router.state.location.search).toBe('?code=QX7K2M&activated=1');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it.each(['Producer', 'Admin'] as const)(
    'sends a session acting as %s from /shows/new to the console’s new show',
    async (role) => {
      stubGateway({ 'GET /auth/session': () => jsonResponse(200, sessionActingAs(role)) });
      const router = renderRoute('/shows/new');

      await waitFor(() => expect(router.state.location.pathname).toBe('/admin/shows/new'));
      expect(router.state.historyAction).toBe('REPLACE');
    },
  );

  it('sends a viewer from /shows/new home, never to a show called "new"', async () => {
    const fetchMock = stubGateway({
      'GET /auth/session': () => jsonResponse(200, sessionActingAs('Viewer')),
      'GET /shows': () => jsonResponse(200, { items: [] }),
    });
    const router = renderRoute('/shows/new');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(router.state.historyAction).toBe('REPLACE');
    const calls = fetchMock.mock.calls.map(([input]) => String(input));
    expect(calls.some((url) => url.includes('/shows/new'))).toBe(false);
  });

  it('sends a visitor from /shows/new home', async () => {
    stubGateway({ 'GET /shows': () => jsonResponse(200, { items: [] }) });
    const router = renderRoute('/shows/new');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(
      await screen.findByRole('combobox', { name: 'Buscar eventos por nombre o lugar' }),
    ).toBeTruthy();
  });
});
