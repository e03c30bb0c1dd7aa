import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Show } from '@taquilla/contract';
import { jsonResponse } from '../../../test/show-factory';
import { error, stubGateway } from '../../../test/session-factory';
import { eventShow, renderTemplate } from './event-parts/template-harness';
import { LineupTemplate } from './lineup-template';

const lineup = eventShow(
  { _id: 'risas-2026', fullname: 'Festival de la Risa', path: 'festivaldelarisa' },
  { landing: { template: 'lineup', intro: 'Tres noches de comedia.' } },
);

const child = (id: string, status: Show['status'], overrides: Partial<Show> = {}) =>
  eventShow({
    _id: id,
    fullname: `Comedia ${id}`,
    status,
    parent_show_uid: lineup._id,
    ...overrides,
  });

function shows() {
  return within(screen.getByRole('region', { name: 'Eventos' }));
}

describe('lineup template', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('lists the ACTIVE, SOON, LIVE and REPLAY children, each linking to its own page', async () => {
    const api = stubGateway({
      'GET /shows': () =>
        jsonResponse(200, {
          items: [
            child('activo', 'ACTIVE'),
            child('pronto', 'SOON'),
            child('en-vivo', 'LIVE', { path: 'noche-de-impro' }),
            child('repeticion', 'REPLAY'),
            child('nuevo', 'NEW'),
            child('oculto', 'HIDDEN'),
            child('prueba', 'TEST'),
            child('cerrado', 'CLOSED'),
            child('cancelado', 'CANCELLED'),
          ],
        }),
    });

    renderTemplate(LineupTemplate, { show: lineup });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Festival de la Risa' }),
    ).toBeTruthy();
    expect(screen.getByText('Tres noches de comedia.')).toBeTruthy();
    await shows().findByRole('link', { name: 'Comedia activo' });
    expect(
      shows()
        .getAllByRole('heading', { level: 3 })
        .map((heading) => heading.textContent),
    ).toEqual(['Comedia activo', 'Comedia pronto', 'Comedia en-vivo', 'Comedia repeticion']);
    expect(shows().getByRole('link', { name: 'Comedia activo' }).getAttribute('href')).toBe(
      '/shows/activo',
    );
    expect(shows().getByRole('link', { name: 'Comedia en-vivo' }).getAttribute('href')).toBe(
      '/noche-de-impro',
    );
    expect(shows().getByText('EN VIVO')).toBeTruthy();
    expect(shows().getByText('PRÓXIMAMENTE')).toBeTruthy();
    const query = api.mock.calls
      .map(([url]) => new URL(url, 'http://localhost'))
      .find((url) => url.pathname === '/shows')!.searchParams;
    expect([query.get('parent'), query.get('filter'), query.get('visible')]).toEqual([
      'risas-2026',
      'ALL',
      '-1',
    ]);
  });

  it('says so when nothing is listed', async () => {
    stubGateway({ 'GET /shows': () => jsonResponse(200, { items: [child('nuevo', 'NEW')] }) });

    renderTemplate(LineupTemplate, { show: lineup });

    expect(await screen.findByText('Aún no hay eventos publicados.')).toBeTruthy();
  });

  it('shows the loading state, then a failed load with a retry', async () => {
    let fail = true;
    stubGateway({
      'GET /shows': () =>
        fail
          ? error(503, 'SERVICE_UNAVAILABLE', 'El servicio no está disponible')
          : jsonResponse(200, { items: [child('activo', 'ACTIVE')] }),
    });

    renderTemplate(LineupTemplate, { show: lineup });

    expect(screen.getByText('Cargando los eventos…').getAttribute('role')).toBe('status');
    const retry = await screen.findByRole('button', { name: 'Reintentar' });
    fail = false;
    fireEvent.click(retry);
    expect(await shows().findByRole('link', { name: 'Comedia activo' })).toBeTruthy();
  });
});
