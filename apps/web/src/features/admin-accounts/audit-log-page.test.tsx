import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuditLogEntry, Role } from '@taquilla/contract';
import { organiserSession } from '../../test/admin-tickets-factory';
import { callsOf, renderRoute, stubGateway } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';

const SHOW = '00000000-0000-4000-8000-0000000000b1';

const entry = (overrides: Partial<AuditLogEntry> = {}): AuditLogEntry => ({
  _id: 'entry-1',
  created: '2026-11-20T20:30:00.000Z',
  actor: { _id: 'user-1', fullname: 'Marta Pérez', email: 'marta@quetzal.gt' },
  action: 'show.update',
  entity_type: 'show',
  entity_id: SHOW,
  before: { fullname: 'Feria del Libro' },
  after: { fullname: 'Feria del Libro 2027' },
  ip: '190.56.1.20',
  ...overrides,
});

function gateway(role: Role) {
  return stubGateway({
    'GET /auth/session': () => jsonResponse(200, organiserSession(role)),
    'GET /admin/audit-log': ({ url }) => {
      const page = Number(url.searchParams.get('page') ?? '1');
      const items =
        page === 1
          ? [entry(), entry({ _id: 'entry-2', actor: null, action: 'order.cancel', before: null })]
          : [entry({ _id: 'entry-3', action: 'ticket.create' })];
      return jsonResponse(200, { items, total: 27, page, page_size: 25 });
    },
  });
}

describe('audit log page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is for admins only', async () => {
    const fetchMock = gateway('Producer');
    renderRoute('/admin/audit');
    expect(await screen.findByRole('heading', { name: 'Solo administración' })).toBeTruthy();
    expect(callsOf(fetchMock).some(({ call }) => call === 'GET /admin/audit-log')).toBe(false);
  });

  it('lists entries, opens one to its before and after, and pages on the server', async () => {
    const fetchMock = gateway('Admin');
    renderRoute('/admin/audit');

    const table = await screen.findByRole('table', {
      name: 'Cambios registrados, los más recientes primero',
    });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toContain('Marta Pérez');
    expect(rows[1]?.textContent).toContain('marta@quetzal.gt');
    expect(rows[1]?.textContent).toContain('show.update');
    expect(rows[1]?.textContent).toContain('Evento');
    expect(rows[1]?.textContent).toContain('190.56.1.20');
    expect(rows[2]?.textContent).toContain('Sistema');

    const toggle = within(rows[1] as HTMLElement).getByRole('button', { name: /Ver cambios/ });
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls') ?? '');
    expect(panel?.textContent).toContain('"fullname": "Feria del Libro"');
    expect(panel?.textContent).toContain('"fullname": "Feria del Libro 2027"');

    expect(screen.getByText('1–25 de 27')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
    expect(await screen.findByText('ticket.create')).toBeTruthy();
    const pages = callsOf(fetchMock)
      .filter(({ call }) => call === 'GET /admin/audit-log')
      .map(({ url }) => url.searchParams.get('page'));
    expect(pages).toEqual(['1', '2']);
  });

  it('sends the filters and keeps them in the address', async () => {
    const fetchMock = gateway('Admin');
    const router = renderRoute('/admin/audit?page=2');
    await screen.findByText('ticket.create');
    const form = screen.getByRole('form', { name: 'Filtrar la bitácora' });

    fireEvent.change(within(form).getByLabelText('Tipo de registro'), {
      target: { value: 'show' },
    });
    fireEvent.change(within(form).getByLabelText('Identificador del registro'), {
      target: { value: SHOW },
    });
    fireEvent.change(within(form).getByLabelText('Quién'), { target: { value: 'marta' } });
    fireEvent.change(within(form).getByLabelText('Desde'), { target: { value: '2026-11-20' } });
    fireEvent.change(within(form).getByLabelText('Hasta'), { target: { value: '2026-11-01' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Filtrar' }));
    expect(
      await within(form).findByText('La fecha final no puede ser anterior a la inicial.'),
    ).toBeTruthy();

    fireEvent.change(within(form).getByLabelText('Hasta'), { target: { value: '2026-11-21' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Filtrar' }));
    await waitFor(() =>
      expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
        entity_type: 'show',
        entity_id: SHOW,
        actor: 'marta',
        from: '2026-11-20',
        to: '2026-11-21',
      }),
    );
    await waitFor(() => {
      const last = callsOf(fetchMock)
        .filter(({ call }) => call === 'GET /admin/audit-log')
        .at(-1);
      expect(Object.fromEntries(last?.url.searchParams ?? [])).toEqual({
        entity_type: 'show',
        entity_id: SHOW,
        actor: 'marta',
        from: '2026-11-20',
        to: '2026-11-21',
        page: '1',
        page_size: '25',
      });
    });
  });
});
