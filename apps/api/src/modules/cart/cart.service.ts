import type { AddCartItemsBody, Cart, SetCartPaymentBody } from '@taquilla/contract';
import {
  CART_HOLD_MINUTES,
  DEFAULT_HOLD_CAP_PER_CLIENT,
  RELEASED_ORDER_STATUSES,
} from '@taquilla/domain';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { Pg } from '../../infra/pg.ts';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import { prepareHoldLine } from '../inventory/hold-lines.ts';
import { holdPlaces } from '../inventory/inventory.hold.ts';
import { releasePlaces, resetCart } from '../inventory/inventory.release.ts';
import { findSaleTicket } from '../inventory/sale-tickets.ts';
import type { SaleTicket } from '../inventory/sale-tickets.ts';
import { seatChangesByShow } from '../maps/seat-changes.ts';
import type { SeatChanges } from '../maps/seat-changes.ts';
import type { CartExpiryScheduler } from '../inventory/inventory-expiry.queue.ts';
import { emptyCart, toCart } from './cart.mapper.ts';
import type { CartRow } from './cart.repo.ts';
import { findOpenCart } from './cart.repo.ts';
import { readCartView } from './cart.view.ts';
import {
  assertOwner,
  clientKeyOf,
  inCartTransaction,
  isLive,
  liveCartForWrite,
} from './cart.tx.ts';
import type { CartCaller } from './cart.tx.ts';

export type { CartCaller } from './cart.tx.ts';

const MINUTE_MS = 60_000;

export interface CartServiceDeps {
  db: Db;
  /** The plain pool a hold's one call runs on (decision 0078). */
  pg: Pg;
  clock: () => Date;
  seatChanges: Pick<SeatChanges, 'announce'>;
  /** Seats as the latest announced state has them: a taken seat is refused without a transaction. */
  seats?: { isSeatTaken(showId: string, seatId: string): Promise<boolean> };
  /** The catalogue cache, for tickets as sales read them; absent, every add reads them. */
  cache?: Pick<CatalogueCache, 'getValue'>;
  expiry: Pick<CartExpiryScheduler, 'schedule'>;
  /** Places one client may hold at once across its carts (default 40). */
  holdCapPerClient?: number;
}

/**
 * The cart (000 §2, §3, §7) and its ten-minute holds. Every write runs in one
 * transaction under the browser session's lock; ticket stock is decided under
 * the ticket's row lock and seats by the unique (show, seat) pair, so no
 * place is ever held or sold twice (ARCHITECTURE §4). Seat changes are
 * announced on `show-seats/{show}` once committed.
 */
export function createCartService(deps: CartServiceDeps) {
  const { db, clock } = deps;
  const holdCap = deps.holdCapPerClient ?? DEFAULT_HOLD_CAP_PER_CLIENT;

  /**
   * A ticket as a sale reads it (price, window, show status): kept with the
   * catalogue for its few seconds and cleared by every organiser write. Stock
   * is never read from here: it is read again under the ticket's lock.
   */
  const saleTicket = (id: string) =>
    deps.cache
      ? deps.cache.getValue(`sale-ticket:${id}`, () => findSaleTicket(db, id))
      : findSaleTicket(db, id);

  return {
    /** GET /cart/{sessionID}: the live cart, or an empty one when absent or expired. */
    async getCart(sessionKey: string, caller: CartCaller): Promise<Cart> {
      const cart = await findOpenCart(db, sessionKey);
      if (!cart) return emptyCart();
      assertOwner(cart, caller);
      if (!isLive(cart, clock())) return emptyCart(cart.currency);
      return toCart(cart);
    },

    /**
     * POST /cart/{sessionID}/items. All lines or none: any refusal rolls the
     * whole request back. The ten minutes start when the cart goes from empty
     * to holding something; later adds do not stretch them.
     */
    async addItems(sessionKey: string, caller: CartCaller, body: AddCartItemsBody): Promise<Cart> {
      const ids = [...new Set(body.items.map((i) => i.ticket_uid))];
      const tickets = new Map<string, SaleTicket | null>();
      for (const id of ids) tickets.set(id, await saleTicket(id));
      body.items.forEach((line, index) => {
        if (!tickets.get(line.ticket_uid)) {
          throw new AppError('TICKET_NOT_FOUND', {
            fields: [{ field: `items.${index}.ticket_uid`, message: 'El boleto no existe' }],
          });
        }
      });
      // In a rush most holds aim at seats already taken: those are answered from
      // the seat snapshot (never older than the last announced change) without
      // a transaction. Whatever may succeed is decided by the database.
      for (const line of body.items) {
        if (line.seat && (await deps.seats?.isSeatTaken(line.show_uid, line.seat))) {
          throw new AppError('SEAT_UNAVAILABLE');
        }
      }
      // Checked and priced without the cart, in ticket-id order: the order the ticket
      // locks are taken in, so two carts never wait on each other in a cycle.
      const now = clock();
      const currency = body.currency ?? 'GTQ';
      const lines = body.items
        .map((line, index) => ({ line, index }))
        .sort((a, b) => a.line.ticket_uid.localeCompare(b.line.ticket_uid))
        .map(({ line, index }) =>
          prepareHoldLine(tickets.get(line.ticket_uid) as SaleTicket, line, index, {
            now,
            currency,
          }),
        );
      // The cart, the cap and every place in one call (decision 0078): all or none.
      const held = await holdPlaces(deps.pg, {
        session: sessionKey,
        client: clientKeyOf(caller),
        user: caller.userId,
        now: now.toISOString(),
        expiresAt: new Date(now.getTime() + CART_HOLD_MINUTES * MINUTE_MS).toISOString(),
        currency,
        cap: holdCap,
        adding: body.items.reduce((sum, line) => sum + line.quantity, 0),
        released: [...RELEASED_ORDER_STATUSES],
        ...(body.payment_type ? { paymentType: body.payment_type } : {}),
        ...(body.payment_provider ? { paymentProvider: body.payment_provider } : {}),
        lines,
      });
      if (held.startsTimer) await deps.expiry.schedule(held.cartId, held.expiresAt);
      const shows = body.items.map((line) => line.show_uid);
      await deps.seatChanges.announce(seatChangesByShow(held.heldSeats, 'held'), shows);
      // Read after the commit: the session's lock is not held while the answer is built.
      return toCart((await readCartView(deps.pg, held.cartId)) as CartRow);
    },

    /** DELETE /cart/{sessionID}/items and …/seats: the lines go, and their places with them. */
    async removeLines(
      sessionKey: string,
      caller: CartCaller,
      which: { items?: string[]; seats?: string[] },
    ): Promise<Cart> {
      // One call (decision 0078): the lines, their seats' holds and the codes' prices.
      const { cartId, released, shows } = await releasePlaces(deps.pg, {
        session: sessionKey,
        user: caller.userId,
        now: clock(),
        items: which.items ?? [],
        seats: which.seats ?? [],
      });
      await deps.seatChanges.announce(seatChangesByShow(released, 'released'), shows);
      const cart = (await readCartView(deps.pg, cartId)) as CartRow;
      return toCart(cart);
    },

    /**
     * DELETE /cart/{sessionID}/: every hold is released and the cart closed;
     * the next add opens a new one with a new ten minutes. 404 without a cart.
     */
    async reset(sessionKey: string, caller: CartCaller): Promise<Cart> {
      // One call (decision 0080): the lines, their seats' holds, the codes, the cart closed.
      const { currency, released, shows } = await resetCart(deps.pg, {
        session: sessionKey,
        user: caller.userId,
        now: clock(),
      });
      await deps.seatChanges.announce(seatChangesByShow(released, 'released'), shows);
      return emptyCart(currency);
    },

    /** PUT /cart/{sessionID}/payment: how the buyer pays and who they are (never card data). */
    async setPayment(
      sessionKey: string,
      caller: CartCaller,
      body: SetCartPaymentBody,
    ): Promise<Cart> {
      const cart = await inCartTransaction(db, async (tx) => {
        const open = await liveCartForWrite(tx, sessionKey, caller, clock());
        await tx.cart.update({
          where: { id: open.id },
          data: {
            paymentType: body.payment_type,
            ...(body.payment_provider !== undefined
              ? { paymentProvider: body.payment_provider }
              : {}),
            ...(body.payment_info ? { paymentInfo: body.payment_info } : {}),
          },
        });
        return (await findOpenCart(tx, sessionKey)) as CartRow;
      });
      return toCart(cart);
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
