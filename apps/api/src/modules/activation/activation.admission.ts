import { ticketQrPath } from '@taquilla/contract';
import type { MyTicket } from '@taquilla/contract';
import { opensStream } from '@taquilla/domain';
import type { Prisma, TicketType } from '../../generated/prisma/client.ts';
import type { Tx } from '../../infra/db.ts';
import { pairCodesWithSlots, slotsOf } from '../etickets/etickets.slots.ts';

/** The activation body's viewing options (000 §3): livestream, replay, meet & greet. */
interface ViewingOptions {
  livestream: boolean;
  replay: boolean;
  meetngreet: boolean;
}

/*
 * In person or streaming (decision 0058): what a code admits to decides what its
 * activation grants and how "Mis boletos" shows it. The web client always asks for the
 * stream (000 §3 activation body); the ticket, not the request, says whether it opens.
 */

/** The admission's type and its show's kind, for the rule of `opensStream`. */
function findCodeAdmission(tx: Tx, codeId: string) {
  return tx.ticketCode.findUniqueOrThrow({
    where: { id: codeId },
    select: {
      ticketType: true,
      orderItem: { select: { show: { select: { type: true, venue: true } } } },
    },
  });
}

/**
 * The viewing options a code's activation records: the stream and its replay only
 * when the ticket opens the stream; a seat at the venue gets neither.
 */
export async function grantedViewingOptions(
  tx: Tx,
  codeId: string,
  requested: ViewingOptions,
): Promise<ViewingOptions> {
  const admission = await findCodeAdmission(tx, codeId);
  const streams = opensStream(admission.ticketType, admission.orderItem.show);
  return {
    livestream: requested.livestream && streams,
    replay: requested.replay && streams,
    meetngreet: requested.meetngreet,
  };
}

/** What "Mis boletos" reads of a viewer-show's code: enough to name its place. */
export const MY_TICKET_CODE_SELECT = {
  code: true,
  ticketType: true,
  orderItem: {
    select: {
      quantity: true,
      ticketType: true,
      location: true,
      bundleItems: true,
      ticket: { select: { fullname: true, qrColor: true } },
      codes: { select: { code: true, ticketType: true } },
    },
  },
} as const satisfies Prisma.TicketCodeSelect;

export interface MyTicketCode {
  code: string;
  ticketType: TicketType;
  orderItem: {
    quantity: number;
    ticketType: TicketType;
    location: unknown;
    bundleItems: unknown;
    ticket: { fullname: string; qrColor: string | null };
    codes: { code: string; ticketType: TicketType }[];
  };
}

/**
 * The code's own admission: a bundle's part names its own place, matched to the code
 * by the rule the tickets e-mail and the door use (`pairCodesWithSlots`).
 */
export function toAdmission(code: MyTicketCode | null): MyTicket['admission'] {
  if (!code) return null;
  const line = code.orderItem;
  const slots = slotsOf({
    quantity: line.quantity,
    ticketType: line.ticketType,
    title: line.ticket.fullname,
    qrColor: line.ticket.qrColor,
    location: line.location,
    bundleItems: line.bundleItems,
  });
  const slot = pairCodesWithSlots(slots, line.codes).find(
    (pair) => pair.code.code === code.code,
  )?.slot;
  return {
    ticket_type: code.ticketType,
    place: slot?.place ?? null,
    qrcode: ticketQrPath(code.code, slot?.qrColor ?? null),
  };
}
