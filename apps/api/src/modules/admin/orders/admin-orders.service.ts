import { ADMIN_ORDER_PAGE_SIZE_DEFAULT, ADMIN_RESEND_TICKETS_MESSAGE } from '@taquilla/contract';
import type { AdminOrder, AdminOrderListQuery, AdminOrderPage } from '@taquilla/contract';
import { formatMoney, searchTerms } from '@taquilla/domain';
import type { Config } from '../../../config.ts';
import { AppError } from '../../../errors.ts';
import type { Db } from '../../../infra/db.ts';
import type { RateLimiter, RateLimitRule } from '../../../plugins/rate-limit.ts';
import type { Mailer, MailMessage, OrderDecisionMailData } from '../../mail/mail.types.ts';
import { seatChangesByShow } from '../../maps/seat-changes.ts';
import type { SeatChanges } from '../../maps/seat-changes.ts';
import type { AccessRevocations, RevokingStatus } from '../../orders/access-revocations.ts';
import { findRevokedAccessOfOrder } from '../../orders/access-revocations.repo.ts';
import { orderLinkSecret, orderPageLink } from '../../orders/orders.links.ts';
import type { PaymentGateway } from '../../payments/payments.types.ts';
import type { ObjectStorage } from '../../storage/storage.types.ts';
import type { AdminContext } from '../shared/admin.access.ts';
import { dateBound } from '../shared/admin.date-bounds.ts';
import { decideInTransaction, refundInTransaction } from './admin-orders.decisions.ts';
import type { OrderDecision, ReleasedSeat } from './admin-orders.decisions.ts';
import {
  buyerNameOf,
  proofKeyOf,
  toAdminOrder,
  toAdminOrderListItem,
} from './admin-orders.mapper.ts';
import {
  findAdminOrder,
  findOrderListRows,
  findOrderPage,
  findOrderStatusInScope,
  orderScope,
} from './admin-orders.repo.ts';
import type { AdminOrderFilter, AdminOrderRow } from './admin-orders.repo.ts';
import { recordAudit } from '../shared/audit.repo.ts';

/** A deposit proof's signed URL lives this long: enough to look at it, too short to share. */
export const PROOF_URL_SECONDS = 600;

/**
 * An organiser's "Reenviar boletos": a few per order, a budget of its own
 * (the buyer's three in ten minutes stay the buyer's). Enough for "it went to
 * spam, send it again"; not a way to flood a buyer's inbox.
 */
export const ADMIN_RESEND_PER_ORDER: RateLimitRule = { limit: 3, windowSeconds: 600 };

export interface AdminOrdersDeps {
  db: Db;
  clock: () => Date;
  log: { warn: (o: object, m: string) => void; error: (o: object, m: string) => void };
  config: Config;
  /** Deposit proofs are private: the detail hands out a signed GET URL. */
  storage: Pick<ObjectStorage, 'signedGetUrl'>;
  /** Issues the codes of an APPROVED order and mails them (the `tickets` job); resends them. */
  tickets: { enqueue(orderId: string): Promise<void>; resend(orderId: string): Promise<void> };
  rateLimiter: Pick<RateLimiter, 'consume'>;
  payments: Pick<PaymentGateway, 'refund'>;
  seatChanges: Pick<SeatChanges, 'announce'>;
  /** A cancel or refund ends the access its codes gave, on every instance (decision 0064). */
  revocations: Pick<AccessRevocations, 'announce'>;
  mailer: Mailer;
}

/** What the buyer is told of each decision; a confirmation is told by the tickets e-mail. */
const MAIL_KIND: Partial<Record<OrderDecision, OrderDecisionMailData['kind']>> = {
  reject: 'deposit-rejected',
  cancel: 'cancelled',
  refund: 'refunded',
};

/** The decisions that void the order's codes (DECISIONS' `revokesCodes`), by the status they leave. */
const REVOKED_BY: Partial<Record<OrderDecision, RevokingStatus>> = {
  cancel: 'CANCELLED',
  refund: 'REFUND',
};

/** A `%` or `_` typed in the search box is a character, not a LIKE wildcard. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** One box searches the order number, the e-mail, the buyer's names and the ticket codes. */
function searchOf(q: string): NonNullable<AdminOrderFilter['search']> {
  const number = /^#?\d{1,9}$/.exec(q) ? Number(q.replace('#', '')) : null;
  return {
    orderNumber: number,
    code: /^[A-Za-z0-9]{6}$/.test(q) ? q.toUpperCase() : null,
    emailPattern: `%${escapeLike(q.toLowerCase())}%`,
    namePatterns: searchTerms(q).map((term) => `%${escapeLike(term)}%`),
  };
}

function filterOf(ctx: AdminContext, query: AdminOrderListQuery): AdminOrderFilter {
  return {
    producerId: ctx.actor.role === 'Producer' ? ctx.actor.producerId : null,
    ...(query.status ? { statuses: query.status } : {}),
    ...(query.payment_type ? { paymentTypes: query.payment_type } : {}),
    ...(query.show_uid ? { showId: query.show_uid } : {}),
    ...(query.from ? { createdFrom: dateBound(query.from, 'from') } : {}),
    ...(query.to ? { createdBefore: dateBound(query.to, 'to') } : {}),
    ...(query.q ? { search: searchOf(query.q) } : {}),
    ...(query.sort === 'oldest' ? { oldestFirst: true } : {}),
  };
}

export function createAdminOrdersService(deps: AdminOrdersDeps) {
  const { db } = deps;
  const publicUrl = deps.config.PUBLIC_URL.replace(/\/+$/, '');
  const linkSecret = orderLinkSecret(deps.config);

  async function ownOrder(ctx: AdminContext, id: string): Promise<AdminOrderRow> {
    const row = await findAdminOrder(db, orderScope(ctx.actor), id);
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    return row;
  }

  async function toView(row: AdminOrderRow): Promise<AdminOrder> {
    const key = proofKeyOf(row);
    return toAdminOrder(row, key ? await deps.storage.signedGetUrl(key, PROOF_URL_SECONDS) : null);
  }

  function decisionMail(
    row: AdminOrderRow,
    kind: OrderDecisionMailData['kind'],
    reason: string,
  ): MailMessage {
    return {
      template: 'order-decision',
      to: row.email,
      // One of each per order: a status leaves WAITING_CONFIRMATION or APPROVED once.
      key: `order-${kind}-${row.id}`,
      data: {
        kind,
        orderNumber: row.orderNumber,
        buyerName: buyerNameOf(row) ?? '',
        reason,
        total: formatMoney(row.total, row.currency),
        cardLast4: row.ccLast4,
        orderUrl: orderPageLink(publicUrl, linkSecret, row.id),
      },
    };
  }

  /** A side effect after the commit: its failure is logged, never answered (the decision stands). */
  async function afterCommit(what: string, orderId: string, work: () => Promise<void>) {
    try {
      await work();
    } catch (err) {
      deps.log.error({ err, orderId }, `${what} after an order decision failed`);
    }
  }

  /**
   * After the commit: the freed seats go out on their channels; a cancel or refund
   * closes the sockets its voided codes' viewers watch with; a confirmed deposit gets
   * its tickets job; the other decisions e-mail the buyer.
   */
  async function settle(
    ctx: AdminContext,
    orderId: string,
    decision: OrderDecision,
    outcome: { releasedSeats: ReleasedSeat[]; shows: string[] },
    reason: string | null,
  ): Promise<AdminOrder> {
    await deps.seatChanges.announce(
      seatChangesByShow(outcome.releasedSeats, 'released'),
      outcome.shows,
    );
    const revokedBy = REVOKED_BY[decision];
    if (revokedBy) {
      await afterCommit('access revocation', orderId, async () =>
        deps.revocations.announce(await findRevokedAccessOfOrder(db, orderId), revokedBy),
      );
    }
    // No separate "deposit confirmed" e-mail: the tickets job's e-mail goes out
    // seconds later and is that confirmation (its codes, QR images and the order
    // link); a second message saying less would only arrive first.
    if (decision === 'confirm') {
      await afterCommit('tickets enqueue', orderId, () => deps.tickets.enqueue(orderId));
    }
    const row = await ownOrder(ctx, orderId);
    const kind = MAIL_KIND[decision];
    if (kind && reason !== null) {
      await afterCommit('mail enqueue', orderId, () =>
        deps.mailer.send(decisionMail(row, kind, reason)),
      );
    }
    return toView(row);
  }

  // Released places are not pushed out of the catalogue cache: like any sale or
  // hold, they show in ticket lists within CATALOGUE_CACHE_SECONDS (decision 0008).
  return {
    async list(ctx: AdminContext, query: AdminOrderListQuery): Promise<AdminOrderPage> {
      const page = query.page ?? 1;
      const pageSize = query.page_size ?? ADMIN_ORDER_PAGE_SIZE_DEFAULT;
      const { ids, total } = await findOrderPage(db, filterOf(ctx, query), {
        offset: (page - 1) * pageSize,
        limit: pageSize,
      });
      const rows = await findOrderListRows(db, ids);
      return { items: rows.map(toAdminOrderListItem), total, page, page_size: pageSize };
    },

    async get(ctx: AdminContext, id: string): Promise<AdminOrder> {
      return toView(await ownOrder(ctx, id));
    },

    async confirmDeposit(ctx: AdminContext, id: string): Promise<AdminOrder> {
      const outcome = await decideInTransaction(db, ctx, id, 'confirm', null);
      return settle(ctx, id, 'confirm', outcome, null);
    },

    async rejectDeposit(ctx: AdminContext, id: string, reason: string): Promise<AdminOrder> {
      const outcome = await decideInTransaction(db, ctx, id, 'reject', reason);
      return settle(ctx, id, 'reject', outcome, reason);
    },

    async cancel(ctx: AdminContext, id: string, reason: string): Promise<AdminOrder> {
      const outcome = await decideInTransaction(db, ctx, id, 'cancel', reason);
      return settle(ctx, id, 'cancel', outcome, reason);
    },

    async refund(ctx: AdminContext, id: string, reason: string): Promise<AdminOrder> {
      const outcome = await refundInTransaction(deps, ctx, id, reason, deps.clock());
      return settle(ctx, id, 'refund', outcome, reason);
    },

    /**
     * POST /admin/orders/{id}/resend: the buyer's tickets e-mail again (the
     * `tickets` job's resend, a fresh mail key), to the order's own address.
     * Another producer's order is 404 before anything is spent; only an
     * APPROVED order has tickets to send (409). The audit row and the enqueue
     * share one transaction: a failed enqueue leaves no record of a resend.
     */
    async resendTickets(ctx: AdminContext, id: string): Promise<{ message: string }> {
      const found = await findOrderStatusInScope(db, orderScope(ctx.actor), id);
      if (!found) throw new AppError('ORDER_NOT_FOUND');
      if (found.status !== 'APPROVED') throw new AppError('ORDER_NOT_APPROVED');
      await deps.rateLimiter.consume([
        { key: `resend:admin:order:${id}`, rule: ADMIN_RESEND_PER_ORDER },
      ]);
      await db.$transaction(async (tx) => {
        await recordAudit(tx, ctx, {
          action: 'order.resend_tickets',
          entityType: 'order',
          entityId: id,
          before: null,
          after: { status: found.status, email: found.email },
        });
        await deps.tickets.resend(id);
      });
      return { message: ADMIN_RESEND_TICKETS_MESSAGE };
    },
  };
}

export type AdminOrdersService = ReturnType<typeof createAdminOrdersService>;
