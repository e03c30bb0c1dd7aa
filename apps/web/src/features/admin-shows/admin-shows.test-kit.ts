import { fireEvent, screen } from '@testing-library/react';
import type { AdminShow, Role } from '@taquilla/contract';
import { buildAdminShow, organiserSession } from '../../test/admin-tickets-factory';
import { stubGateway } from '../../test/session-factory';
import type { Handler } from '../../test/session-factory';
import { jsonResponse } from '../../test/show-factory';

/** A show as GET /admin/shows/{id} answers it, with the settings' defaults. */
export function editorShow(overrides: Partial<AdminShow> = {}): AdminShow {
  return buildAdminShow({
    fullname: 'Noche de Gala',
    venue: 'Teatro Nacional',
    show_date: '2027-03-14T02:00:00.000Z',
    producer: '00000000-0000-4000-8000-00000000beef',
    ...overrides,
  });
}

/**
 * The gateway of the editor's pages: the session, the show (kept up to date by a
 * successful PATCH, so the reload after a save reads it), its dates and the producers.
 */
export function editorGateway(
  show: AdminShow,
  handlers: Record<string, Handler> = {},
  role: Role = 'Producer',
) {
  let current = show;
  return stubGateway({
    'GET /auth/session': () => jsonResponse(200, organiserSession(role)),
    'GET /admin/shows/:id': () => jsonResponse(200, current),
    'GET /admin/shows': () => jsonResponse(200, { items: [], total: 0, page: 1, page_size: 100 }),
    'PATCH /admin/shows/:id': ({ body }) => {
      const patch = body as Partial<AdminShow> & { settings?: Record<string, unknown> };
      current = {
        ...current,
        ...patch,
        settings: { ...current.settings, ...patch.settings },
      } as AdminShow;
      return jsonResponse(200, current);
    },
    ...handlers,
  });
}

export function type(label: string | RegExp, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

/** The text of what describes a control: its hint and its error. */
export function descriptionOf(label: string | RegExp): string {
  const control = screen.getByLabelText(label);
  return (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}
