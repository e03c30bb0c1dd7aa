import type { AdminShow, AdminTicket, CurrentSession, Role } from '@taquilla/contract';
import { buildCurrentSession, buildUser } from './session-factory';
import { buildShow } from './show-factory';

// Fixtures of the console's tickets and map pages: an organiser's session, show and tickets.

let sequence = 0;
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/** GET /auth/session for an organiser acting as `role`. */
export function organiserSession(role: Role = 'Producer'): CurrentSession {
  const base = buildCurrentSession(
    buildUser({ email: 'marta@productora.gt', fullname: 'Marta Pérez', roles: [role] }),
  );
  return { ...base, session: { ...base.session, role }, viewer: null };
}

export function buildAdminShow(overrides: Partial<AdminShow> = {}): AdminShow {
  sequence += 1;
  const base = buildShow({ _id: uuid(sequence), fullname: 'Noche de Gala', status: 'NEW' });
  return { ...base, video_url: null, ...overrides } as AdminShow;
}

export function buildAdminTicket(overrides: Partial<AdminTicket> = {}): AdminTicket {
  sequence += 1;
  return {
    _id: uuid(1000 + sequence),
    ticket_id: null,
    show_uid: uuid(1),
    code: `BOL${sequence}`,
    fullname: 'Platea',
    description: null,
    note: null,
    type: 'VENUE_SEAT',
    currency: 'GTQ',
    price: 450,
    price_text: 'Q 450.00',
    price_usd: null,
    price_usd_text: null,
    fee: 15,
    fee_usd: null,
    fee_included: false,
    payment_type: ['CREDIT_CARD'],
    visible: true,
    valid_since: null,
    valid_thru: null,
    real_available: 0,
    price_rules: [],
    bundle: [],
    show_dates: [],
    location: null,
    ticket_image: null,
    qr_color: null,
    capacity: 100,
    sold: 0,
    held: 0,
    position: 0,
    ...overrides,
  };
}
