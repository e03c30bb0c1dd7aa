import { randomBytes } from 'node:crypto';
import { generateTicketCode } from '@taquilla/domain';
import type { Mailer } from '../mail/mail.types.ts';
import { orderPageLink } from '../orders/orders.links.ts';
import { lineForCodes, toOrderTicketsMailData } from './etickets.mapper.ts';
import { findOrderForTickets, insertTicketCodes } from './etickets.repo.ts';
import type { NewTicketCode, OrderForTickets, TicketsDb } from './etickets.repo.ts';
import { missingSlots, slotsOf } from './etickets.slots.ts';

/**
 * Draws of fresh codes for the ones that hit a taken code. With 31^6 codes a
 * second draw is already rare; five failing in a row means something else is
 * wrong (a broken random source), and the job fails to be looked at.
 */
const MAX_CODE_DRAWS = 5;

export interface IssueOptions {
  /** The random source codes are drawn from; tests hand in one that collides. */
  randomBytes?: (size: number) => Uint8Array;
}

/** The order with the codes just written added to their lines. */
function withCodes(order: OrderForTickets, written: NewTicketCode[]): OrderForTickets {
  return {
    ...order,
    lines: order.lines.map((line) => ({
      ...line,
      codes: [
        ...line.codes,
        ...written
          .filter((code) => code.orderItemId === line.id)
          .map(({ id, code, ticketType }) => ({ id, code, ticketType })),
      ],
    })),
  };
}

/**
 * Issues what an APPROVED order lacks and answers how many codes this run
 * wrote, with the order as it then stands (null unless APPROVED). Two
 * statements when codes are missing (read, insert), one when none are.
 */
async function issueMissing(
  db: TicketsDb,
  orderId: string,
  options: IssueOptions,
): Promise<{ issued: number; order: OrderForTickets | null }> {
  const random = options.randomBytes ?? randomBytes;
  let issued = 0;
  for (let draw = 0; ; draw += 1) {
    const order = await findOrderForTickets(db, orderId);
    if (order?.status !== 'APPROVED') return { issued, order: null };
    const rows: NewTicketCode[] = order.lines.flatMap((line) =>
      missingSlots(line.id, slotsOf(lineForCodes(line)), line.codes).map((slot) => ({
        ...slot,
        orderItemId: line.id,
        code: generateTicketCode(random),
      })),
    );
    if (rows.length === 0) return { issued, order };
    if (draw === MAX_CODE_DRAWS) {
      throw new Error(`no free ticket codes after ${MAX_CODE_DRAWS} draws (order ${orderId})`);
    }
    const written = await insertTicketCodes(db, orderId, rows);
    issued += written.length;
    if (written.length === rows.length) return { issued, order: withCodes(order, written) };
    // A code taken, an admission issued by another run meanwhile, or the order no longer
    // APPROVED: read again, and draw for what is still missing.
  }
}

/**
 * Gives an APPROVED order one code per admission: `quantity` per line of the
 * line's ticket type, plus each bundle part's units of its own type, all
 * linked to the line. Idempotent without a transaction: each admission's code
 * has a fixed row id (`slotCodeId`), so whatever a run read, a second run (or
 * five at once) finds its rows refused by the primary key and issues nothing
 * more. Any other status issues nothing.
 */
export async function issueTicketCodes(
  db: TicketsDb,
  orderId: string,
  options: IssueOptions = {},
): Promise<{ issued: number }> {
  const { issued } = await issueMissing(db, orderId, options);
  return { issued };
}

/** The tickets e-mail's key: one send per order, however often the job runs. */
export const orderTicketsMailKey = (orderId: string) => `order-tickets-${orderId}`;

export interface TicketsJobResult {
  issued: number;
  /** False when the order is not APPROVED (nothing to send). */
  mailed: boolean;
}

/**
 * The `tickets` job: issue what is missing, then enqueue the e-mail with the
 * job's key. A retry after a crash between the two finds the codes written and
 * sends them; the mail key keeps it to one e-mail.
 */
export async function issueAndMailTickets(
  deps: { db: TicketsDb; mailer: Mailer; publicUrl: string; linkSecret: string },
  job: { orderId: string; mailKey: string },
): Promise<TicketsJobResult> {
  const { issued, order } = await issueMissing(deps.db, job.orderId, {});
  // Built from what issuing read and wrote: no second read of the order. The link is
  // the signed one: a guest opens the order page on any device (000 §2 Order detail).
  const orderUrl = orderPageLink(deps.publicUrl, deps.linkSecret, job.orderId);
  const data = order && toOrderTicketsMailData(order, orderUrl);
  if (!order || !data) return { issued, mailed: false };
  await deps.mailer.send({ template: 'order-tickets', to: order.email, key: job.mailKey, data });
  return { issued, mailed: true };
}
