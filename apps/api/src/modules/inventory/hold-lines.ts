import type { AddCartItemsBody, HoldLine, HoldPrice } from '@taquilla/contract';
import {
  DEFAULT_MAX_TICKET_QUANTITY,
  OPEN_SECTION_MAX,
  areSalesShown,
  bundleQuantity,
  priceLine,
} from '@taquilla/domain';
import { AppError, invalidField } from '../../errors.ts';
import type { SaleTicket } from './sale-tickets.ts';

/** A section's door when the organiser typed none (000 §3 Section door). */
const DEFAULT_DOOR = 'Unica';

type Line = AddCartItemsBody['items'][number];

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

/** Units of one ticket a cart may hold for a show: its `max_ticket_quantity`, else 10. */
export function maxPerLine(show: SaleTicket['show']): number {
  const settings = (show.settings ?? {}) as { max_ticket_quantity?: unknown };
  const max = settings.max_ticket_quantity;
  return typeof max === 'number' && Number.isInteger(max) && max > 0
    ? max
    : DEFAULT_MAX_TICKET_QUANTITY;
}

/**
 * Where a line without a seat lets its holder in (000 §3 location, §2 section/door
 * badge): an open section's name and door, else the ticket's own location text. A
 * seat's section, row, seat and door are read with the seat (`taquilla_hold`).
 */
function placeOf(ticket: SaleTicket) {
  const open = ticket.type === 'VENUE_OPEN' ? ticket.sections[0] : undefined;
  return {
    section: open?.name ?? ticket.location,
    row: null,
    seat: null,
    door: open ? open.door : ticket.type === 'VENUE_OPEN' ? DEFAULT_DOOR : null,
  };
}

/** The line's amounts when the cart holds `quantity` units of it, in both currencies. */
function priceFor(ticket: SaleTicket, quantity: number): HoldPrice {
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
  return {
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
}

/**
 * One line of a hold as far as it can be judged without the cart or the stock: the
 * show or date it is for, sales open, the currency, a seat where the ticket needs one
 * (and one unit per seat); priced for every quantity the cart may reach. The rest (the
 * per-cart limits, the seat, the stock) is `taquilla_hold`'s, under its locks.
 */
export function prepareHoldLine(
  ticket: SaleTicket,
  line: Line,
  index: number,
  context: { now: Date; currency: 'GTQ' | 'USD' },
): HoldLine {
  const show = saleShow(ticket, line.show_uid, index);
  assertOnSale(ticket, show, context.now);
  if (context.currency === 'USD' && ticket.priceUsd === null) {
    throw invalidField(`items.${index}.ticket_uid`, 'Este boleto no se vende en dólares');
  }
  const max = maxPerLine(show);
  if (line.quantity > max) {
    throw invalidField(
      `items.${index}.quantity`,
      `Puedes reservar hasta ${max} boletos de este tipo`,
    );
  }
  if (line.seat) {
    if (line.quantity !== 1)
      throw invalidField(`items.${index}.quantity`, 'Un asiento es un boleto');
  } else if (ticket.type === 'VENUE_SEAT' || ticket.type === 'VENUE_TABLE_SEAT') {
    throw invalidField(`items.${index}.seat`, 'Elige un asiento en el mapa');
  }
  // A seat is one unit; other lines merge with what the cart has, up to `max` units.
  const totals = line.seat ? 1 : max;
  return {
    index,
    ticket: ticket.id,
    show: show.id,
    ticketShow: ticket.showId,
    seat: line.seat ?? null,
    quantity: line.quantity,
    max,
    ...(ticket.type === 'VENUE_OPEN' && !line.seat ? { openMax: OPEN_SECTION_MAX } : {}),
    dated: ticket.showDates.length > 0,
    code: ticket.code,
    showName: show.fullname,
    showDate: new Date(show.showDate).toISOString(),
    showType: show.venue === 'Online' ? 'online' : 'VENUE',
    venue: show.venue,
    title: ticket.fullname,
    description: ticket.description,
    note: ticket.note,
    ticketType: ticket.type,
    image: ticket.ticketImage ?? show.mainImage,
    location: placeOf(ticket),
    prices: Array.from({ length: totals }, (_, n) => priceFor(ticket, n + 1)),
  };
}
