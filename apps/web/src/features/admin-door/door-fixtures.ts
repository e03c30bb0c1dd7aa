import { vi } from 'vitest';
import type { AdminAttendance, AdminCheckin, CurrentSession } from '@taquilla/contract';
import { buildCurrentSession, buildUser, stubGateway } from '../../test/session-factory';
import type { Handler } from '../../test/session-factory';
import { buildShow, jsonResponse } from '../../test/show-factory';

// Fixtures of the door page's tests: a producer's session, two shows and the answers
// of the check-in endpoints.

export const SHOW_ID = '00000000-0000-4000-8000-000000000001';
export const DATE_ID = '00000000-0000-4000-8000-000000000002';

export const doorShows = [
  { ...buildShow({ _id: SHOW_ID, fullname: 'Noche de Marimba' }), video_url: null },
  {
    ...buildShow({ _id: DATE_ID, fullname: 'Función del sábado', parent_show_uid: SHOW_ID }),
    video_url: null,
  },
];

export function producerSession(): CurrentSession {
  const base = buildCurrentSession(
    buildUser({ email: 'marta@productora.gt', fullname: 'Marta Pérez', roles: ['Producer'] }),
  );
  return { ...base, session: { ...base.session, role: 'Producer' }, viewer: null };
}

export function buildCheckin(overrides: Partial<AdminCheckin> = {}): AdminCheckin {
  return {
    code: 'AB2CDE',
    ticket: 'Platea',
    place: { section: 'Platea', row: 'B', seat: '7', door: null },
    buyer_name: 'Ana María López',
    order_number: 1027,
    checked_in_at: '2026-11-28T01:42:00.000Z',
    show_uid: SHOW_ID,
    attendance: { checked_in: 2, total: 3 },
    ...overrides,
  };
}

export function buildAttendance(overrides: Partial<AdminAttendance> = {}): AdminAttendance {
  return { checked_in: 1, total: 3, recent: [], ...overrides };
}

/** The gateway of a producer at the door; `checkIn` answers POST /admin/checkin. */
export function stubDoor(checkIn: Handler, attendance: () => AdminAttendance = buildAttendance) {
  return stubGateway({
    'GET /auth/session': () => jsonResponse(200, producerSession()),
    'GET /admin/orders': () => jsonResponse(200, { items: [], total: 0, page: 1, page_size: 25 }),
    'GET /admin/shows': () =>
      jsonResponse(200, { items: doorShows, total: 2, page: 1, page_size: 200 }),
    'GET /admin/shows/:id/attendance': () => jsonResponse(200, attendance()),
    'POST /admin/checkin': checkIn,
  });
}

/** navigator.vibrate, which happy-dom lacks: the patterns it was asked for. */
export function stubVibrate() {
  const vibrate = vi.fn(() => true);
  Object.defineProperty(navigator, 'vibrate', { value: vibrate, configurable: true });
  return vibrate;
}
