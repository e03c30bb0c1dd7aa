import { act } from '@testing-library/react';
import type { CurrentSession, Order, PaymentType, Profile, Show, Ticket } from '@taquilla/contract';
import { vi } from 'vitest';
import { stubApi } from '../test/catalogue-factory';
import type { ApiRequest } from '../test/catalogue-factory';
import { createCartStub } from '../test/cart-stub';
import { buildProfile } from '../test/session-factory';
import { buildCardOrder } from '../test/order-factory';
import { jsonResponse } from '../test/show-factory';

/*
 * The gateway of the deposit and registration forms, in memory, for component tests:
 * the show and its tickets by payment type, the cart (test/cart-stub), the proof upload
 * URL, POST /cart/orders and the session. The real rules run in apps/api/test and e2e.
 */

/** A deposit order waiting for the organiser's review; `overrides` make any other. */
export function buildPlacedOrder(overrides: Partial<Order> = {}): Order {
  return buildCardOrder({
    _id: '5b0c1a52-4a5e-4c1e-9a4f-2d1c7e0b9a11',
    createdAt: '2026-11-20T18:00:00.000Z',
    status: 'WAITING_CONFIRMATION',
    payment_type: 'BANK_DEPOSIT',
    subtotal: 0,
    total_fee: 0,
    total: 0,
    payment_info: { ...buildCardOrder().payment_info, cc_number: null, cc_brand: null },
    payment_response: null,
    ...overrides,
  });
}

type GatewayOptions = {
  show: Show;
  tickets: Ticket[];
  session?: CurrentSession | null;
  /** The signed-in buyer's saved profile beyond the session (GET and PUT /users/{id}). */
  profile?: Partial<Profile>;
  promo?: { code: string; percent: number };
  /** Answers POST /cart/orders; a placed order by default. */
  order?: (request: ApiRequest) => Response;
};

const error = (status: number, code: string, message: string) =>
  jsonResponse(status, { error: code, message });

export const SIGNED_URL = 'http://localhost/storage/proofs/show/abc/proof.png?expires=1&sig=x';
export const PROOF_LINK = 'http://localhost/storage/proofs/show/abc/proof.png';

export function stubOrderGateway(options: GatewayOptions) {
  const cart = createCartStub({ tickets: options.tickets, promo: options.promo });
  const fetchMock = stubApi((request) => {
    const { method, url } = request;
    const path = url.pathname;
    if (path === '/auth/session' || /^\/auth\/sessions\/[^/]+\/touch$/.test(path)) {
      return options.session
        ? jsonResponse(200, options.session)
        : error(401, 'UNAUTHORIZED', 'Debes iniciar sesión para continuar');
    }
    if (options.session && path === `/users/${options.session.user._id}`) {
      return jsonResponse(200, buildProfile(options.session.user, options.profile));
    }
    if (method === 'DELETE' && /^\/cart\/[^/]+$/.test(path)) {
      return error(404, 'CART_NOT_FOUND', 'No encontramos tu carrito');
    }
    if (method === 'POST' && path === '/cart/orders') {
      return options.order?.(request) ?? jsonResponse(200, buildPlacedOrder());
    }
    if (path === '/cart/orders/uploadUrl') {
      return jsonResponse(200, { signedUrl: SIGNED_URL, link: PROOF_LINK });
    }
    const fromCart = cart.answer(request);
    if (fromCart) return fromCart;
    if (path === `/shows/${options.show._id}/tickets`) {
      const wanted = (url.searchParams.get('paymentType') ?? '').split('|') as PaymentType[];
      const items = options.tickets.filter((ticket) =>
        ticket.payment_type.some((type) => wanted.includes(type)),
      );
      return jsonResponse(200, { items });
    }
    if (path === `/shows/${options.show._id}`) return jsonResponse(200, options.show);
    return error(404, 'NOT_FOUND', 'La página que buscas no está disponible');
  });
  return { fetchMock, cart };
}

/** An XMLHttpRequest the test answers: the proof's PUT to the signed URL. */
export class FakeUpload {
  static sent: FakeUpload[] = [];
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  status = 0;
  responseText = '';
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeUpload.sent.push(this);
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    act(() => this.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent));
  }
  respond(status: number, body = '') {
    this.status = status;
    this.responseText = body;
    act(() => this.onload?.());
  }

  static install() {
    FakeUpload.sent = [];
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
  }
}

/** A tiny file of that type; `size` pretends a larger one without allocating it. */
export function imageFile(name: string, type: string, size?: number): File {
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
}
