import type { AdminOrder, AdminOrderListItem, CurrentSession } from '@taquilla/contract';
import { buildCurrentSession, buildUser, error, stubGateway } from '../../test/session-factory';
import type { Handler } from '../../test/session-factory';
import { buildShow, jsonResponse } from '../../test/show-factory';

// Test data of the console's order pages (the tests only).

export const SHOW_ID = '0194f1c2-1111-7000-8000-000000000001';
export const ORDER_ID = '0194f1c2-2222-7000-8000-000000000001';

/** A session acting as a producer, as the console's guard wants it. */
export function producerSession(): CurrentSession {
  const base = buildCurrentSession(
    buildUser({ email: 'marta@productora.gt', fullname: 'Marta Pérez', roles: ['Producer'] }),
  );
  return { ...base, session: { ...base.session, role: 'Producer' }, viewer: null };
}

export function listItem(overrides: Partial<AdminOrderListItem> = {}): AdminOrderListItem {
  return {
    _id: ORDER_ID,
    order_number: 1042,
    createdAt: '2027-03-10T16:00:00.000Z',
    status: 'APPROVED',
    payment_type: 'CREDIT_CARD',
    currency: 'GTQ',
    total: 250,
    email: 'ana@correo.gt',
    buyer_name: 'Ana López',
    show_names: ['Concierto de Marimba'],
    quantity: 2,
    ...overrides,
  };
}

export function adminOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  return {
    _id: ORDER_ID,
    order_number: 1042,
    createdAt: '2027-03-10T16:00:00.000Z',
    status: 'APPROVED',
    payment_type: 'CREDIT_CARD',
    currency: 'GTQ',
    tickets: [
      {
        _id: 'line-1',
        ticket_uid: 'ticket-1',
        code: 'PLATEA',
        show_uid: SHOW_ID,
        show_name: 'Concierto de Marimba',
        show_date: '2027-04-01T02:00:00.000Z',
        description: 'Sección frente al escenario',
        ticket_name: 'Platea VIP',
        ticket_type: 'VENUE_SEAT',
        quantity: 1,
        price: 150,
        discount_price: 0,
        unit_price: 150,
        fee: 5,
        total_price: 150,
        total_fee: 5,
        location: { section: 'Platea', row: 'A', seat: '4', door: null },
        bundle_items: [],
      },
      {
        _id: 'line-2',
        ticket_uid: 'ticket-2',
        code: 'GENERAL',
        show_uid: SHOW_ID,
        show_name: 'Concierto de Marimba',
        show_date: '2027-04-01T02:00:00.000Z',
        description: null,
        ticket_name: 'General',
        ticket_type: 'GENERAL',
        quantity: 2,
        price: 100,
        discount_price: 80,
        unit_price: 80,
        fee: 0,
        total_price: 160,
        total_fee: 0,
        location: null,
        bundle_items: [],
      },
    ],
    codes: [
      {
        _id: 'code-1',
        order_ticket_uid: 'line-1',
        code: 'QX7K2M',
        qrcode: '/etickets/qr/QX7K2M',
        ticket_type: 'VENUE_SEAT',
        activated_at: '2027-03-11T15:00:00.000Z',
        checked_in_at: '2027-04-01T01:40:00.000Z',
        voided_at: null,
      },
      {
        _id: 'code-2',
        order_ticket_uid: 'line-1',
        code: 'PL3RT9',
        qrcode: '/etickets/qr/PL3RT9',
        ticket_type: 'VENUE_SEAT',
        activated_at: null,
        checked_in_at: null,
        voided_at: null,
      },
    ],
    subtotal: 310,
    total_fee: 5,
    total_discount: 20,
    total: 295,
    promo_codes: [{ code: 'MARIMBA20', discount_amount: 20 }],
    payment_info: {
      email: 'ana@correo.gt',
      firstname: 'Ana',
      lastname: 'López',
      reference: null,
      cc_number: '**** 4242',
      cc_brand: 'VISA',
    },
    payment_response: {
      authorization: 'A1B2C3',
      transaction_id: 'tx-998',
      response_text: 'Aprobada',
    },
    cart_uid: null,
    user_uid: 'user-ana',
    proof_url: null,
    buyer: {
      firstname: 'Ana',
      lastname: 'López',
      email: 'ana@correo.gt',
      phone: '+502 5555 0101',
      address: 'Zona 10',
      city: 'Guatemala',
      state: 'Guatemala',
      country: 'GT',
      zip: null,
      nit: 'CF',
      reference: null,
      custom_fields: { dpi: '1234567890101' },
      referral: null,
    },
    change_log: [
      {
        action: 'Order created',
        action_label: 'Orden creada',
        reason: null,
        from_status: null,
        to_status: 'PENDING',
        createdAt: '2027-03-10T16:00:00.000Z',
        actor: null,
      },
      {
        action: 'Payment approved',
        action_label: 'Pago aprobado',
        reason: null,
        from_status: 'PENDING',
        to_status: 'APPROVED',
        createdAt: '2027-03-10T16:00:05.000Z',
        actor: null,
      },
    ],
    ...overrides,
  };
}

/** A waiting bank deposit with its proof. */
export function depositOrder(overrides: Partial<AdminOrder> = {}): AdminOrder {
  const base = adminOrder();
  return adminOrder({
    status: 'WAITING_CONFIRMATION',
    payment_type: 'BANK_DEPOSIT',
    codes: [],
    payment_info: { ...base.payment_info, cc_number: null, cc_brand: null, reference: 'BI-445566' },
    payment_response: null,
    proof_url: 'https://storage.example/proofs/boleta.png?sig=abc',
    buyer: { ...base.buyer, reference: 'BI-445566' },
    change_log: [base.change_log[0]!],
    ...overrides,
  });
}

export const page = <T>(items: T[], extra: { total?: number; page?: number } = {}) => ({
  items,
  total: extra.total ?? items.length,
  page: extra.page ?? 1,
  page_size: 25,
});

/** A show as GET /admin/shows(/{id}) answers it (AdminShow). */
export function adminShow(id: string, fullname: string, settings: Record<string, unknown> = {}) {
  const show = buildShow({ _id: id, fullname });
  return { ...show, settings: { ...show.settings, ...settings } };
}

/** The gateway of a producer's console, with the page's own handlers. */
export function consoleGateway(handlers: Record<string, Handler>) {
  const session = producerSession();
  return stubGateway({
    'GET /auth/session': () => jsonResponse(200, session),
    'GET /admin/shows': () => jsonResponse(200, page([adminShow(SHOW_ID, 'Concierto de Marimba')])),
    ...handlers,
  });
}

export { error, jsonResponse };
