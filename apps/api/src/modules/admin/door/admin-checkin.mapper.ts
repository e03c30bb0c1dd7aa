import type { CheckinEntry, RecentCheckin } from '@taquilla/contract';
import { DEFAULT_TIME_ZONE, toZonedDateTime } from '@taquilla/domain';
import { pairCodesWithSlots, slotsOf } from '../../etickets/etickets.slots.ts';
import { buyerNameOf } from '../orders/admin-orders.mapper.ts';
import type { CheckinRow } from './admin-checkin.repo.ts';

/**
 * Row → wire. The ticket's name and place are the admission's own: a bundle's
 * part names its description and location, as the tickets e-mail labels the
 * same code (the codes of a line are matched to its admissions by one rule).
 */
export function toCheckinEntry(row: CheckinRow): CheckinEntry {
  const slots = slotsOf({
    quantity: row.quantity,
    ticketType: row.lineTicketType,
    title: row.title,
    qrColor: null,
    location: row.location,
    bundleItems: row.bundleItems,
  });
  const slot = pairCodesWithSlots(slots, row.lineCodes).find(
    (pair) => pair.code.code === row.code,
  )?.slot;
  return {
    code: row.code,
    ticket: slot ? slot.title : row.title,
    place: slot?.place ?? null,
    buyer_name: buyerNameOf(row),
    order_number: row.orderNumber,
    checked_in_at: new Date(row.checkedInAt).toISOString(),
  };
}

/** A check-in of the recent list, with when its code was voided (null while it admits). */
export function toRecentCheckin(row: CheckinRow): RecentCheckin {
  return {
    ...toCheckinEntry(row),
    voided_at: row.voidedAt ? new Date(row.voidedAt).toISOString() : null,
  };
}

function zonedOrDefault(date: Date, timeZone: string) {
  try {
    return toZonedDateTime(date, timeZone);
  } catch {
    return toZonedDateTime(date, DEFAULT_TIME_ZONE);
  }
}

const two = (value: number) => String(value).padStart(2, '0');

/**
 * "Ya ingresó a las 19:42" on the wall clock of the show's place (its time zone,
 * America/Guatemala unless the show says otherwise); "Ya ingresó el 14/11 a las
 * 19:42" when that was another day than `now` there.
 */
export function alreadyCheckedInMessage(checkedInAt: Date, now: Date, timeZone: string): string {
  const at = zonedOrDefault(checkedInAt, timeZone);
  const today = zonedOrDefault(now, timeZone);
  const time = `${two(at.hour)}:${two(at.minute)}`;
  const sameDay = at.year === today.year && at.month === today.month && at.day === today.day;
  return sameDay
    ? `Ya ingresó a las ${time}`
    : `Ya ingresó el ${two(at.day)}/${two(at.month)} a las ${time}`;
}

const NOT_APPROVED: Readonly<Record<string, string>> = {
  PENDING: 'El pago de la orden de este boleto está pendiente: no puede ingresar',
  WAITING_CONFIRMATION:
    'El depósito de la orden de este boleto aún no fue confirmado: no puede ingresar',
  REJECTED: 'El pago de la orden de este boleto fue rechazado: no puede ingresar',
  CANCELLED: 'La orden de este boleto fue anulada: no puede ingresar',
  REFUND: 'La orden de este boleto fue reembolsada: no puede ingresar',
};

const VOIDED_BY: Readonly<Record<string, string>> = {
  CANCELLED: 'la orden fue anulada',
  REFUND: 'la orden fue reembolsada',
};

/**
 * "Código anulado: la orden fue reembolsada (había ingresado a las 19:42)": the
 * door says why, and when the code had come in before it was voided.
 */
export function voidedMessage(
  state: { orderStatus: string; checkedInAt: Date | null },
  now: Date,
  timeZone: string,
): string {
  const why = VOIDED_BY[state.orderStatus] ?? 'la orden ya no está aprobada';
  const came = state.checkedInAt
    ? ` (${alreadyCheckedInMessage(new Date(state.checkedInAt), now, timeZone).replace('Ya ingresó', 'había ingresado')})`
    : '';
  return `Código anulado: ${why}${came}`;
}

/** The refusal's message for an order in `status` (anything but APPROVED). */
export function orderNotApprovedMessage(status: string): string | undefined {
  return NOT_APPROVED[status];
}

/** "Este código es de otro evento: «Noche de Gala», 14/11 19:00" (a show the caller may see). */
export function otherShowMessage(show: { showName: string; showDate: Date; timezone: string }) {
  const at = zonedOrDefault(show.showDate, show.timezone);
  return `Este código es de otro evento: «${show.showName}», ${two(at.day)}/${two(at.month)} ${two(at.hour)}:${two(at.minute)}`;
}
