import type { AddCartItemsBody, Cart } from '@taquilla/contract';
import {
  CART_HOLD_MINUTES,
  DEFAULT_MAX_TICKET_QUANTITY,
  OPEN_SECTION_MAX,
  areSalesShown,
  bundleQuantity,
  priceLine,
} from '@taquilla/domain';
import { AppError } from '../../errors.ts';
import type { Db, Tx } from '../../infra/db.ts';
import { invalidField, isUniqueViolation } from '../admin/admin.errors.ts';
import { emptyCart, toCart } from './cart.mapper.ts';
import type { CartRow, SaleTicket } from './cart.repo.ts';
import {
  createCart,
  expireCart,
  findOpenCart,
  findSaleTickets,
  findSeatsWithSection,
  heldUnits,
  holdSeat,
  lockCartSession,
  lockTicket,
  soldUnitsForDate,
} from './cart.repo.ts';

const MINUTE_MS = 60_000;
const NUMBERED_SECTIONS = new Set(['SEATS', 'TABLE', 'HTABLE']);

/** Who is asking: a signed-in user's cart answers only to that user. */
export interface CartCaller {
  userId: string | null;
}

type Line = AddCartItemsBody['items'][number];

function isLive(cart: CartRow, now: Date): boolean {
  return cart.validThru === null || cart.validThru > now;
}

function assertOwner(cart: CartRow, caller: CartCaller): void {
  if (cart.userId !== null && cart.userId !== caller.userId) throw new AppError('FORBIDDEN');
}

function isLockTimeout(err: unknown): boolean {
  const text = String((err as { message?: unknown })?.message ?? '');
  return text.includes('55P03') || text.includes('lock timeout');
}

/** The show a line is for: the ticket's own, or one of its dates (funciones). */
function saleShow(ticket: SaleTicket, showId: string, index: number) {
  if (ticket.showDates.length === 0) {
    if (showId !== ticket.showId)
      throw invalidField(`items.${index}.show_uid`, 'El boleto no es de este evento');
    return ticket.show;
  }
  const date = ticket.showDates.find((d) => d.showId === showId);
  if (!date) throw invalidField(`items.${index}.show_uid`, 'Elige una fecha de este boleto');
  return date.show;
}

/** Sales open (000 §4): a selling status, the ticket visible and inside its window. */
function assertOnSale(ticket: SaleTicket, show: SaleTicket['show'], now: Date): void {
  const open =
    ticket.visible &&
    ticket.show.status !== 'NEW' &&
    areSalesShown(show.status) &&
    (!ticket.validSince || ticket.validSince <= now) &&
    (!ticket.validThru || ticket.validThru >= now);
  if (!open) throw new AppError('TICKET_NOT_ON_SALE');
}

function maxPerLine(show: SaleTicket['show']): number {
  const settings = (show.settings ?? {}) as { max_ticket_quantity?: unknown };
  const max = settings.max_ticket_quantity;
  return typeof max === 'number' && Number.isInteger(max) && max > 0
    ? max
    : DEFAULT_MAX_TICKET_QUANTITY;
}

/**
 * The cart (000 §2, §3, §7) and its ten-minute holds. Every write runs in one
 * transaction under the browser session's lock; ticket stock is decided under
 * the ticket's row lock and seats by the unique (show, seat) pair, so no
 * place is ever held or sold twice (ARCHITECTURE §4).
 */
export function createCartService(deps: { db: Db; clock: () => Date }) {
  const { db, clock } = deps;

  async function openCartFor(
    tx: Tx,
    sessionKey: string,
    caller: CartCaller,
    currency: 'GTQ' | 'USD',
  ) {
    const now = clock();
    let cart = await findOpenCart(tx, sessionKey);
    if (cart) assertOwner(cart, caller);
    if (cart && !isLive(cart, now)) {
      await expireCart(tx, cart.id);
      cart = null;
    }
    if (!cart) return createCart(tx, { sessionKey, userId: caller.userId, currency });
    if (cart.userId === null && caller.userId !== null) {
      // Signing in attaches the anonymous cart to the user.
      await tx.cart.update({ where: { id: cart.id }, data: { userId: caller.userId } });
    }
    return cart;
  }

  async function addLine(
    tx: Tx,
    cart: CartRow,
    line: Line,
    index: number,
    context: { ticket: SaleTicket; expiresAt: Date; now: Date; currency: 'GTQ' | 'USD' },
  ) {
    const { ticket, expiresAt, now, currency } = context;
    const show = saleShow(ticket, line.show_uid, index);
    assertOnSale(ticket, show, now);
    if (currency === 'USD' && ticket.priceUsd === null) {
      throw invalidField(`items.${index}.ticket_uid`, 'Este boleto no se vende en dólares');
    }
    const sameTicket = cart.items.filter((i) => i.ticketId === ticket.id && i.showId === show.id);
    const already = sameTicket.reduce((sum, i) => sum + i.quantity, 0);
    if (already + line.quantity > maxPerLine(show)) {
      throw invalidField(
        `items.${index}.quantity`,
        `Puedes reservar hasta ${maxPerLine(show)} boletos de este tipo`,
      );
    }

    let seat: Awaited<ReturnType<typeof findSeatsWithSection>>[number] | null = null;
    if (line.seat) {
      seat = (await findSeatsWithSection(tx, [line.seat]))[0] ?? null;
      if (!seat || seat.showId !== ticket.showId) throw new AppError('SEAT_NOT_FOUND');
      if (!NUMBERED_SECTIONS.has(seat.section.type)) throw new AppError('SECTION_TYPE_UNSUPPORTED');
      if (seat.ticketId !== null && seat.ticketId !== ticket.id) {
        throw invalidField(`items.${index}.ticket_uid`, 'El asiento no se vende con este boleto');
      }
      if (line.quantity !== 1)
        throw invalidField(`items.${index}.quantity`, 'Un asiento es un boleto');
    } else {
      if (ticket.type === 'VENUE_SEAT' || ticket.type === 'VENUE_TABLE_SEAT') {
        throw invalidField(`items.${index}.seat`, 'Elige un asiento en el mapa');
      }
      if (ticket.type === 'VENUE_OPEN' && already + line.quantity > OPEN_SECTION_MAX) {
        throw invalidField(`items.${index}.quantity`, `Máximo ${OPEN_SECTION_MAX} por sección`);
      }
      await lockTicket(tx, ticket.id);
      const sold =
        ticket.showDates.length === 0
          ? ticket.sold
          : await soldUnitsForDate(tx, ticket.id, show.id);
      const left = ticket.capacity - sold - (await heldUnits(tx, ticket.id, show.id, now));
      if (line.quantity > left) {
        const message =
          left > 0
            ? `No hay suficientes boletos disponibles: quedan ${left}`
            : 'No hay boletos disponibles';
        throw new AppError('NOT_ENOUGH_AVAILABLE', { message });
      }
    }

    const existing = seat ? undefined : sameTicket.find((i) => i.seatId === null);
    const quantity = (existing?.quantity ?? 0) + line.quantity;
    const charge = {
      unitPrice: ticket.price,
      fee: ticket.fee,
      feeIncluded: ticket.feeIncluded,
      priceRules: ticket.priceRules.map((r) => ({
        rule_type: r.ruleType,
        quantity_min: r.quantityMin,
        item_discount_price: r.itemDiscountPrice,
      })),
    };
    const gtq = priceLine(charge, quantity);
    const usd =
      ticket.priceUsd === null
        ? null
        : priceLine(
            {
              ...charge,
              unitPrice: ticket.priceUsd,
              fee: ticket.feeUsd ?? 0,
              priceRules: ticket.priceRules.map((r) => ({
                rule_type: r.ruleType,
                quantity_min: r.quantityMin,
                item_discount_price: r.itemDiscountPriceUsd,
              })),
            },
            quantity,
          );
    const data = {
      quantity,
      price: gtq.price,
      discountPrice: gtq.discount_price,
      fee: gtq.fee,
      feeIncluded: gtq.fee_included,
      totalPrice: gtq.total_price,
      totalFee: gtq.total_fee,
      priceUsd: usd?.price ?? null,
      discountPriceUsd: usd?.discount_price ?? null,
      feeUsd: usd?.fee ?? null,
      totalPriceUsd: usd?.total_price ?? null,
      totalFeeUsd: usd?.total_fee ?? null,
      expiresAt,
      bundleItems: ticket.bundleItems.map((b) => ({
        ticket_uid: b.itemTicketId ?? b.id,
        code: b.code,
        description: b.fullname,
        note: b.note,
        ticket_type: b.type,
        quantity: bundleQuantity(b.amount, quantity),
        location: b.location,
        ticket_image: b.ticketImage,
        qr_color: b.qrColor,
      })),
    };
    if (existing) {
      await tx.cartItem.update({ where: { id: existing.id }, data });
      return;
    }
    const item = await tx.cartItem.create({
      data: {
        ...data,
        cartId: cart.id,
        ticketId: ticket.id,
        showId: show.id,
        seatId: seat?.id ?? null,
        code: ticket.code,
        showName: show.fullname,
        showDate: show.showDate,
        showType: show.venue === 'Online' ? 'online' : 'VENUE',
        venue: show.venue,
        title: ticket.fullname,
        description: ticket.description,
        note: ticket.note,
        ticketType: ticket.type,
        image: ticket.ticketImage ?? show.mainImage,
        location: {
          section: seat?.section.name ?? ticket.location,
          row: seat?.rowName ?? null,
          seat: seat?.name ?? null,
          door: seat?.section.door ?? null,
        },
      },
    });
    if (seat) {
      const held = await holdSeat(
        tx,
        { showId: show.id, seatId: seat.id, cartId: cart.id, cartItemId: item.id, expiresAt },
        now,
      );
      if (!held) throw new AppError('SEAT_UNAVAILABLE');
    }
  }

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
     * whole request back. The ten minutes start with the cart's first hold and
     * later adds do not stretch them.
     */
    async addItems(sessionKey: string, caller: CartCaller, body: AddCartItemsBody): Promise<Cart> {
      const tickets = new Map(
        (await findSaleTickets(db, [...new Set(body.items.map((i) => i.ticket_uid))])).map((t) => [
          t.id,
          t,
        ]),
      );
      body.items.forEach((line, index) => {
        if (!tickets.has(line.ticket_uid)) {
          throw new AppError('TICKET_NOT_FOUND', {
            fields: [{ field: `items.${index}.ticket_uid`, message: 'El boleto no existe' }],
          });
        }
      });
      // Locks in ticket-id order, so two carts never wait on each other in a cycle.
      const ordered = body.items
        .map((line, index) => ({ line, index }))
        .sort((a, b) => a.line.ticket_uid.localeCompare(b.line.ticket_uid));
      try {
        return await db.$transaction(async (tx) => {
          await lockCartSession(tx, sessionKey);
          const now = clock();
          const requested = body.currency ?? 'GTQ';
          const cart = await openCartFor(tx, sessionKey, caller, requested);
          const currency = cart.items.length > 0 ? cart.currency : requested;
          if (currency !== requested) {
            throw invalidField('currency', 'El carrito ya tiene boletos en otra moneda');
          }
          const expiresAt = cart.items.some((i) => i.expiresAt > now)
            ? (cart.validThru as Date)
            : new Date(now.getTime() + CART_HOLD_MINUTES * MINUTE_MS);
          for (const { line, index } of ordered) {
            const ticket = tickets.get(line.ticket_uid) as SaleTicket;
            const fresh = (await findOpenCart(tx, sessionKey)) as CartRow;
            await addLine(tx, fresh, line, index, { ticket, expiresAt, now, currency });
          }
          await tx.cart.update({
            where: { id: cart.id },
            data: {
              validThru: expiresAt,
              currency,
              ...(body.payment_type ? { paymentType: body.payment_type } : {}),
              ...(body.payment_provider ? { paymentProvider: body.payment_provider } : {}),
            },
          });
          return toCart((await findOpenCart(tx, sessionKey)) as CartRow);
        });
      } catch (err) {
        if (isLockTimeout(err)) throw new AppError('CART_BUSY', { cause: err });
        if (isUniqueViolation(err)) throw new AppError('SEAT_UNAVAILABLE', { cause: err });
        throw err;
      }
    },

    /** DELETE /cart/{sessionID}/items and …/seats: the lines go, and their places with them. */
    async removeLines(
      sessionKey: string,
      caller: CartCaller,
      which: { items?: string[]; seats?: string[] },
    ): Promise<Cart> {
      return db.$transaction(async (tx) => {
        await lockCartSession(tx, sessionKey);
        const cart = await findOpenCart(tx, sessionKey);
        if (!cart || !isLive(cart, clock())) throw new AppError('CART_NOT_FOUND');
        assertOwner(cart, caller);
        // Seat reservations of these lines go with them (ON DELETE CASCADE).
        await tx.cartItem.deleteMany({
          where: {
            cartId: cart.id,
            OR: [
              ...(which.items ? [{ id: { in: which.items } }] : []),
              ...(which.seats ? [{ seatId: { in: which.seats } }] : []),
            ],
          },
        });
        return toCart((await findOpenCart(tx, sessionKey)) as CartRow);
      });
    },
  };
}

export type CartService = ReturnType<typeof createCartService>;
