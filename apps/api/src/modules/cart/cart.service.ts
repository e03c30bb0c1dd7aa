import type { AddCartItemsBody, Cart, SetCartPaymentBody } from '@taquilla/contract';
import { CART_HOLD_MINUTES, DEFAULT_HOLD_CAP_PER_CLIENT } from '@taquilla/domain';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import { invalidField } from '../admin/admin.errors.ts';
import { seatChangesByShow } from '../maps/seat-changes.ts';
import type { SeatChanges } from '../maps/seat-changes.ts';
import type { CartExpiryScheduler } from './cart-expiry.queue.ts';
import { addLine } from './cart-lines.ts';
import type { HeldSeat } from './cart-lines.ts';
import { repriceCartPromos } from './cart-promo.ts';
import { emptyCart, toCart } from './cart.mapper.ts';
import type { CartRow, SaleTicket } from './cart.repo.ts';
import {
  createCart,
  expireCart,
  findCartById,
  findAddContext,
  findHeldSeatsOf,
  findOpenCart,
  findSaleTicket,
  lockCartSession,
} from './cart.repo.ts';
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

/** Rows of findHeldSeatsOf, as the announcement wants them. */
const asReleased = (rows: Awaited<ReturnType<typeof findHeldSeatsOf>>) =>
  seatChangesByShow(
    rows.map((r) => ({ showId: r.showId, seatId: r.seatId, sectionId: r.seat.sectionId })),
    'released',
  );

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
      // Locks in ticket-id order, so two carts never wait on each other in a cycle.
      const ordered = body.items
        .map((line, index) => ({ line, index }))
        .sort((a, b) => a.line.ticket_uid.localeCompare(b.line.ticket_uid));
      const held: HeldSeat[] = [];
      const requested = body.currency ?? 'GTQ';
      const clientKey = clientKeyOf(caller);
      const { cartId, scheduleAt } = await inCartTransaction(db, async (tx) => {
        // Session, then client (the hold cap's lock), then tickets: always in that order.
        await lockCartSession(tx, sessionKey, clientKey);
        const now = clock();
        const context = await findAddContext(tx, {
          sessionKey,
          clientKey,
          now,
          seatIds: body.items.flatMap((line) => (line.seat ? [line.seat] : [])),
        });
        let cart = context.cart;
        if (cart) assertOwner(cart, caller);
        if (cart && !isLive(cart, now)) {
          await expireCart(tx, cart.id);
          cart = null;
        }
        let heldByClient = context.heldByClient;
        if (cart && cart.userId === null && caller.userId !== null) {
          // Signing in attaches the anonymous cart to the user (and its holds to the user's cap).
          await tx.cart.update({
            where: { id: cart.id },
            data: { userId: caller.userId, clientKey },
            select: { id: true },
          });
          cart.userId = caller.userId;
          // Its live places now count against the user's cap.
          heldByClient += cart.items.reduce(
            (sum, i) => sum + (i.expiresAt > now ? i.quantity : 0),
            0,
          );
        }
        const holding = cart?.items.some((i) => i.expiresAt > now) ?? false;
        const currency = cart && holding ? cart.currency : requested;
        if (currency !== requested) {
          throw invalidField('currency', 'El carrito ya tiene boletos en otra moneda');
        }
        // One bot must not hold a venue: a client's live places across its carts are capped.
        const adding = body.items.reduce((sum, line) => sum + line.quantity, 0);
        if (heldByClient + adding > holdCap) throw new AppError('HOLD_LIMIT_REACHED');
        // The ten minutes start when the cart goes from empty to holding something.
        const expiresAt =
          cart && holding
            ? (cart.validThru as Date)
            : new Date(now.getTime() + CART_HOLD_MINUTES * MINUTE_MS);
        const payment = {
          ...(body.payment_type ? { paymentType: body.payment_type } : {}),
          ...(body.payment_provider ? { paymentProvider: body.payment_provider } : {}),
        };
        if (!cart) {
          cart = await createCart(tx, {
            sessionKey,
            userId: caller.userId,
            clientKey,
            currency,
            validThru: expiresAt,
          });
          if (Object.keys(payment).length > 0) {
            await tx.cart.update({ where: { id: cart.id }, data: payment, select: { id: true } });
          }
        } else if (!holding || Object.keys(payment).length > 0) {
          await tx.cart.update({
            where: { id: cart.id },
            data: { validThru: expiresAt, currency, ...payment },
            select: { id: true },
          });
        }
        for (const { line, index } of ordered) {
          const ticket = tickets.get(line.ticket_uid) as SaleTicket;
          const seat = await addLine(tx, cart, line, index, {
            ticket,
            expiresAt,
            now,
            currency,
            seats: context.seats,
          });
          if (seat) held.push(seat);
        }
        if (cart.promos > 0) {
          await repriceCartPromos(tx, (await findCartById(tx, cart.id)) as CartRow);
        }
        return { cartId: cart.id, scheduleAt: holding ? null : expiresAt };
      });
      if (scheduleAt) await deps.expiry.schedule(cartId, scheduleAt);
      await deps.seatChanges.announce(seatChangesByShow(held, 'held'));
      // Read after the commit: the session's lock is not held while the answer is built.
      return toCart((await findCartById(db, cartId)) as CartRow);
    },

    /** DELETE /cart/{sessionID}/items and …/seats: the lines go, and their places with them. */
    async removeLines(
      sessionKey: string,
      caller: CartCaller,
      which: { items?: string[]; seats?: string[] },
    ): Promise<Cart> {
      const { cart, released } = await inCartTransaction(db, async (tx) => {
        const open = await liveCartForWrite(tx, sessionKey, caller, clock());
        const seats = await findHeldSeatsOf(tx, open.id, which);
        // Seat reservations of these lines go with them (ON DELETE CASCADE).
        await tx.cartItem.deleteMany({
          where: {
            cartId: open.id,
            OR: [
              ...(which.items ? [{ id: { in: which.items } }] : []),
              ...(which.seats ? [{ seatId: { in: which.seats } }] : []),
            ],
          },
        });
        await repriceCartPromos(tx, (await findOpenCart(tx, sessionKey)) as CartRow);
        return { cart: (await findOpenCart(tx, sessionKey)) as CartRow, released: seats };
      });
      await deps.seatChanges.announce(asReleased(released));
      return toCart(cart);
    },

    /**
     * DELETE /cart/{sessionID}/: every hold is released and the cart closed;
     * the next add opens a new one with a new ten minutes. 404 without a cart.
     */
    async reset(sessionKey: string, caller: CartCaller): Promise<Cart> {
      const { currency, released } = await inCartTransaction(db, async (tx) => {
        const open = await liveCartForWrite(tx, sessionKey, caller, clock());
        const seats = await findHeldSeatsOf(tx, open.id);
        await tx.cartItem.deleteMany({ where: { cartId: open.id } });
        await tx.promoCodeApplication.deleteMany({ where: { cartId: open.id } });
        await expireCart(tx, open.id);
        return { currency: open.currency, released: seats };
      });
      await deps.seatChanges.announce(asReleased(released));
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
