import { randomBytes } from 'node:crypto';
import { generateTicketCode } from '@taquilla/domain';
import type { Db } from '../../infra/db.ts';
import type { Mailer, MailMessage } from '../mail/mail.types.ts';
import { toOrderTicketsMailData } from './etickets.mapper.ts';
import {
  findLinesToIssue,
  findOrderHead,
  findOrderLines,
  insertTicketCodes,
  lockOrderStatus,
} from './etickets.repo.ts';
import type { NewTicketCode } from './etickets.repo.ts';
import { missingCodeTypes, slotsOf } from './etickets.slots.ts';

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

/**
 * Gives an APPROVED order one code per admission: `quantity` per line of the
 * line's ticket type, plus each bundle part's units of its own type, all
 * linked to the line. Idempotent: under the order's row lock it counts what
 * each line already has and writes only what is missing, so a second run (or
 * five at once) issues nothing more. Any other status issues nothing.
 */
export async function issueTicketCodes(
  db: Db,
  orderId: string,
  options: IssueOptions = {},
): Promise<{ issued: number }> {
  const random = options.randomBytes ?? randomBytes;
  return db.$transaction(
    async (tx) => {
      if ((await lockOrderStatus(tx, orderId)) !== 'APPROVED') return { issued: 0 };
      const lines = await findLinesToIssue(tx, orderId);
      const wanted: Omit<NewTicketCode, 'code'>[] = lines.flatMap((line) =>
        // Only types and counts matter here; names and colours are for the e-mail.
        missingCodeTypes(slotsOf({ ...line, title: null, qrColor: null }), line.codes).map(
          (ticketType) => ({
            orderId,
            orderItemId: line.id,
            ticketType,
          }),
        ),
      );
      let pending = wanted;
      for (let draw = 0; draw < MAX_CODE_DRAWS && pending.length > 0; draw += 1) {
        const rows = pending.map((row) => ({ ...row, code: generateTicketCode(random) }));
        const written = new Set(await insertTicketCodes(tx, rows));
        // A code drawn twice in one batch is written once: the other row draws again.
        pending = rows.filter((row) => !written.delete(row.code)).map(({ code: _, ...row }) => row);
      }
      if (pending.length > 0) {
        throw new Error(`no free ticket codes after ${MAX_CODE_DRAWS} draws (order ${orderId})`);
      }
      return { issued: wanted.length };
    },
    // Large orders write hundreds of rows; waiting for another run's lock counts too.
    { timeout: 20_000, maxWait: 10_000 },
  );
}

/** The tickets e-mail's key: one send per order, however often the job runs. */
export const orderTicketsMailKey = (orderId: string) => `order-tickets-${orderId}`;

/** The order page, where the buyer sees the same codes (000 §2 Order detail). */
export const orderPageUrl = (publicUrl: string, orderId: string) =>
  `${publicUrl.replace(/\/+$/, '')}/orders/${orderId}`;

/**
 * The tickets e-mail of an APPROVED order, with its codes; null for any other
 * status or while it has none. The key decides whether it is a first send or
 * a resend (BullMQ delivers a key once).
 */
export async function buildOrderTicketsMail(
  db: Db,
  orderId: string,
  options: { publicUrl: string; key: string },
): Promise<MailMessage | null> {
  const order = await findOrderHead(db, orderId);
  if (order?.status !== 'APPROVED') return null;
  const lines = await findOrderLines(db, orderId);
  const data = toOrderTicketsMailData(order, lines, orderPageUrl(options.publicUrl, orderId));
  if (!data) return null;
  return { template: 'order-tickets', to: order.email, key: options.key, data };
}

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
  deps: { db: Db; mailer: Mailer; publicUrl: string },
  job: { orderId: string; mailKey: string },
): Promise<TicketsJobResult> {
  const { issued } = await issueTicketCodes(deps.db, job.orderId);
  const message = await buildOrderTicketsMail(deps.db, job.orderId, {
    publicUrl: deps.publicUrl,
    key: job.mailKey,
  });
  if (!message) return { issued, mailed: false };
  await deps.mailer.send(message);
  return { issued, mailed: true };
}
