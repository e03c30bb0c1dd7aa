import type { AdminPromoCode, CurrentSession, Role } from '@taquilla/contract';
import { buildCurrentSession, buildUser, stubGateway } from '../../test/session-factory';
import type { Handler } from '../../test/session-factory';
import { buildShow, jsonResponse } from '../../test/show-factory';

// Test data of the console's promo code pages (the tests only).

export const PRODUCER_ID = '0194f1c2-5555-7000-8000-000000000001';
export const SHOW_A = '0194f1c2-6666-7000-8000-000000000001';
export const SHOW_B = '0194f1c2-6666-7000-8000-000000000002';
export const CODE_ID = '0194f1c2-7777-7000-8000-000000000001';

export function sessionAs(role: Role): CurrentSession {
  const base = buildCurrentSession(
    buildUser({ email: 'marta@productora.gt', fullname: 'Marta Pérez', roles: [role] }),
  );
  return { ...base, session: { ...base.session, role }, viewer: null };
}

export function promoCode(overrides: Partial<AdminPromoCode> = {}): AdminPromoCode {
  return {
    _id: CODE_ID,
    code: 'VERANO10',
    discount_type: 'PERCENT',
    discount_value: 10,
    show_uids: [],
    valid_since: null,
    valid_thru: null,
    usage_limit: null,
    used_count: 0,
    uses_left: null,
    active: true,
    producer_uid: PRODUCER_ID,
    createdAt: '2027-01-01T00:00:00.000Z',
    updatedAt: '2027-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export const page = <T>(items: T[], extra: { total?: number; page?: number } = {}) => ({
  items,
  total: extra.total ?? items.length,
  page: extra.page ?? 1,
  page_size: 25,
});

const shows = [
  buildShow({ _id: SHOW_A, fullname: 'Concierto de Marimba' }),
  buildShow({ _id: SHOW_B, fullname: 'Teatro de Títeres' }),
];

/** A console gateway acting as `role`, with the organiser's two shows. */
export function promoGateway(handlers: Record<string, Handler>, role: Role = 'Producer') {
  const session = sessionAs(role);
  return stubGateway({
    'GET /auth/session': () => jsonResponse(200, session),
    'GET /admin/shows': () => jsonResponse(200, page(shows)),
    ...handlers,
  });
}

export { jsonResponse };
