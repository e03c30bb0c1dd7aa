import { ERRORS } from '@taquilla/contract/plain';
import type { Cart, CartItem, SeatState, Ticket } from '@taquilla/contract';
import type { ApiRequest } from './catalogue-factory';
import { jsonResponse } from './show-factory';

/*
 * The cart calls of the gateway, answered from memory for component tests: enough of
 * the server's behaviour (prices from the ticket, a seat held once, one promo code) to
 * drive the pages. The real rules are tested against the real API (apps/api/test) and
 * in the browser (e2e).
 */

type CartStubOptions = {
  tickets: Ticket[];
  /** Seats the map may hold, with the name of their section. */
  seats?: { seat: SeatState; section: string }[];
  /** Seats someone else holds: adding one answers 409 SEAT_UNAVAILABLE. */
  taken?: string[];
  /** The one code that exists, as a PERCENT discount. */
  promo?: { code: string; percent: number };
  /**
   * A line of another organiser's show the cart already holds: adding any other
   * ticket answers 409 CART_OTHER_PRODUCER, as the server does (decision 0062).
   */
  otherOrganiser?: { ticket: Ticket; show_uid: string };
  now?: () => number;
};

const HOLD_MS = 10 * 60 * 1000;

function emptyCart(): Cart {
  return {
    _id: null,
    currency: 'GTQ',
    items: [],
    valid_thru: null,
    payment_type: null,
    promo_codes: [],
    price_rules: [],
    payment_info: null,
    subtotal: 0,
    total_fee: 0,
    total_discount: 0,
    total: 0,
  };
}

function error(status: number, code: string, message: string) {
  return jsonResponse(status, { error: code, message });
}

export function createCartStub(options: CartStubOptions) {
  const now = options.now ?? (() => Date.now());
  const taken = new Set(options.taken ?? []);
  const other = options.otherOrganiser;
  const tickets = [...options.tickets, ...(other ? [other.ticket] : [])];
  let cart = emptyCart();
  let sequence = 0;

  function reprice() {
    // As the server answers (decision 0055): subtotal before fees, the discount on both.
    const subtotal = cart.items.reduce((sum, item) => sum + item.total_price, 0);
    const fees = cart.items.reduce((sum, item) => sum + item.total_fee, 0);
    cart.promo_codes = cart.promo_codes.map((promo) => ({
      ...promo,
      discount_amount: Math.round(((subtotal + fees) * promo.discount_value) / 100),
    }));
    const discount = cart.promo_codes.reduce((sum, promo) => sum + promo.discount_amount, 0);
    cart = {
      ...cart,
      subtotal,
      total_fee: fees,
      total_discount: discount,
      total: subtotal + fees - discount,
    };
  }

  function line(input: {
    ticket_uid: string;
    show_uid: string;
    quantity: number;
    seat?: string | null;
  }): CartItem | Response {
    const ticket = tickets.find((candidate) => candidate._id === input.ticket_uid);
    if (!ticket) return error(404, 'TICKET_NOT_FOUND', 'El boleto no existe');
    const placed = options.seats?.find(({ seat }) => seat._id === input.seat);
    if (input.seat && (taken.has(input.seat) || !placed)) {
      return error(
        409,
        'SEAT_UNAVAILABLE',
        'El asiento ya no está disponible. Por favor elige otro.',
      );
    }
    sequence += 1;
    return {
      _id: `line-${sequence}`,
      type: 'TICKET',
      ticket_uid: ticket._id,
      code: ticket.code,
      show_uid: input.show_uid,
      show_name: 'Noche de Gala',
      show_date: '2026-12-05T02:00:00.000Z',
      show_type: 'VENUE',
      venue: 'Teatro Nacional',
      title: ticket.fullname,
      description: ticket.description,
      note: ticket.note,
      ticket_type: placed ? 'VENUE_SEAT' : 'VENUE_OPEN',
      image: null,
      quantity: input.quantity,
      price: ticket.price,
      discount_price: 0,
      fee: ticket.fee,
      fee_included: ticket.fee_included,
      total_price: ticket.price * input.quantity,
      // As the domain's priceLine: an included fee is inside the price, nothing on top.
      total_fee: ticket.fee_included ? 0 : ticket.fee * input.quantity,
      price_usd: null,
      discount_price_usd: null,
      fee_usd: null,
      total_price_usd: null,
      total_fee_usd: null,
      location: {
        section: placed?.section ?? null,
        row: placed?.seat.row_name ?? null,
        seat: placed?.seat.name ?? null,
        door: placed ? 'Unica' : null,
      },
      seat_uid: placed?.seat._id ?? null,
      bundle_items: [],
    };
  }

  function add(body: { items: Parameters<typeof line>[0][] }): Response {
    const holdsOther = cart.items.some((item) => item.ticket_uid === other?.ticket._id);
    if (holdsOther && body.items.some((item) => item.ticket_uid !== other?.ticket._id)) {
      return error(409, 'CART_OTHER_PRODUCER', ERRORS.CART_OTHER_PRODUCER.message);
    }
    const lines: CartItem[] = [];
    for (const input of body.items) {
      const result = line(input);
      if (result instanceof Response) return result;
      lines.push(result);
    }
    if (cart.items.length === 0) {
      cart = { ...cart, _id: 'cart-1', valid_thru: new Date(now() + HOLD_MS).toISOString() };
    }
    for (const added of lines) if (added.seat_uid) taken.add(added.seat_uid);
    cart = { ...cart, items: [...cart.items, ...lines] };
    reprice();
    return jsonResponse(200, cart);
  }

  function remove(keep: (item: CartItem) => boolean): Response {
    for (const item of cart.items) if (!keep(item) && item.seat_uid) taken.delete(item.seat_uid);
    cart = { ...cart, items: cart.items.filter(keep) };
    reprice();
    return jsonResponse(200, cart);
  }

  function applyPromo(code: string): Response {
    if (!options.promo || code !== options.promo.code) {
      return error(404, 'PROMO_CODE_NOT_FOUND', 'Código promocional no encontrado');
    }
    if (cart.promo_codes.length > 0) {
      return error(409, 'PROMO_CODE_ALREADY_APPLIED', 'Código promocional ya aplicado');
    }
    cart.promo_codes = [
      {
        promo_code_id: 'promo-1',
        code,
        discount_type: 'PERCENT',
        discount_value: options.promo.percent,
        discount_amount: 0,
        applied_at: new Date(now()).toISOString(),
      },
    ];
    reprice();
    return jsonResponse(200, cart);
  }

  if (other)
    add({ items: [{ ticket_uid: other.ticket._id, show_uid: other.show_uid, quantity: 1 }] });

  /** Answers a cart call, or null for any other request. */
  function answer({ method, url, body }: ApiRequest): Response | null {
    const path = url.pathname;
    if (method === 'POST' && path === '/cart/promo-codes/validate') {
      const { code } = body as { code: string };
      if (options.promo && code === options.promo.code) {
        return jsonResponse(200, {
          _id: 'promo-1',
          code,
          discount_type: 'PERCENT',
          discount_value: options.promo.percent,
        });
      }
      return error(404, 'PROMO_CODE_NOT_FOUND', 'Código promocional no encontrado');
    }
    const promo = /^\/cart\/carts\/[^/]+\/promo-codes(?:\/([^/]+))?$/.exec(path);
    if (promo && method === 'POST') return applyPromo((body as { code: string }).code);
    if (promo && method === 'DELETE') {
      cart.promo_codes = cart.promo_codes.filter((applied) => applied.code !== promo[1]);
      reprice();
      return jsonResponse(200, cart);
    }
    const match = /^\/cart\/([^/]+)(\/items|\/seats)?\/?$/.exec(path);
    if (!match) return null;
    const [, , part] = match;
    if (method === 'GET' && !part) return jsonResponse(200, cart);
    if (method === 'POST' && part === '/items') return add(body as Parameters<typeof add>[0]);
    if (method === 'DELETE' && part === '/items') {
      const ids = (body as { items: string[] }).items;
      return remove((item) => !ids.includes(item._id));
    }
    if (method === 'DELETE' && part === '/seats') {
      const ids = (body as { seats: string[] }).seats;
      return remove((item) => !item.seat_uid || !ids.includes(item.seat_uid));
    }
    return null;
  }

  return {
    answer,
    get cart() {
      return cart;
    },
    /** Someone else takes a seat. */
    take: (seatId: string) => taken.add(seatId),
  };
}
