import type { AddCartItemsBody } from '@taquilla/contract';
import {
  DEFAULT_MAX_TICKET_QUANTITY,
  OPEN_SECTION_MAX,
  areSalesShown,
  bundleQuantity,
  priceLine,
} from '@taquilla/domain';
import { AppError } from '../../errors.ts';
import type { Tx } from '../../infra/db.ts';
import { invalidField } from '../admin/admin.errors.ts';
import type { CartHead, SaleTicket, SeatForHold } from './cart.repo.ts';
import { heldUnits, insertCartLine, lockTicket, soldUnitsForDate } from './cart.repo.ts';

const NUMBERED_SECTIONS = new Set(['SEATS', 'TABLE', 'HTABLE']);

/** A section's door when the organiser typed none (000 §3 Section door). */
const DEFAULT_DOOR = 'Unica';

type Line = AddCartItemsBody['items'][number];

/** A seat this request held, to announce on `show-seats/{show}` once committed. */
export interface HeldSeat {
  showId: string;
  seatId: string;
  sectionId: string;
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
 * Where a line lets its holder in (000 §3 location, §2 section/door badge): a
 * seat's section, row, seat and door; an open section's name and door; else the
 * ticket's own location text. Doors are kept as the organiser typed them.
 */
function placeOf(ticket: SaleTicket, seat: SeatForHold | null) {
  if (seat) {
    return { section: seat.sectionName, row: seat.rowName, seat: seat.name, door: seat.door };
  }
  const open = ticket.type === 'VENUE_OPEN' ? ticket.sections[0] : undefined;
  return {
    section: open?.name ?? ticket.location,
    row: null,
    seat: null,
    door: open ? open.door : ticket.type === 'VENUE_OPEN' ? DEFAULT_DOOR : null,
  };
}

/**
 * One line of an add: checks it may be sold, takes its places (ticket stock
 * under the ticket's row lock, a seat by the unique (show, seat) pair) and
 * writes or merges the cart line, priced from the ticket. The cart head's
 * lines are kept up to date for the next line of the same request.
 */
export async function addLine(
  tx: Tx,
  cart: CartHead,
  line: Line,
  index: number,
  context: {
    ticket: SaleTicket;
    expiresAt: Date;
    now: Date;
    currency: 'GTQ' | 'USD';
    /** The request's seats, read with the cart head. */
    seats: Map<string, SeatForHold>;
  },
): Promise<HeldSeat | null> {
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

  let seat: SeatForHold | null = null;
  if (line.seat) {
    seat = context.seats.get(line.seat) ?? null;
    if (!seat || seat.showId !== ticket.showId) throw new AppError('SEAT_NOT_FOUND');
    if (!NUMBERED_SECTIONS.has(seat.sectionType)) throw new AppError('SECTION_TYPE_UNSUPPORTED');
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
    // Capacity and sales as they are under the lock, not as the (cached) ticket says.
    const stock = await lockTicket(tx, ticket.id);
    const sold =
      ticket.showDates.length === 0 ? stock.sold : await soldUnitsForDate(tx, ticket.id, show.id);
    const left = stock.capacity - sold - (await heldUnits(tx, ticket.id, show.id, now));
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
    await tx.cartItem.update({ where: { id: existing.id }, data, select: { id: true } });
    existing.quantity = quantity;
    existing.expiresAt = expiresAt;
    return null;
  }
  const { id, held } = await insertCartLine(
    tx,
    {
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
      location: placeOf(ticket, seat),
    },
    now,
  );
  if (!held) throw new AppError('SEAT_UNAVAILABLE');
  cart.items.push({
    id,
    ticketId: ticket.id,
    showId: show.id,
    seatId: seat?.id ?? null,
    quantity,
    expiresAt,
  });
  return seat ? { showId: show.id, seatId: seat.id, sectionId: seat.sectionId } : null;
}
