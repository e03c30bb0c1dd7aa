import {
  DEPOSIT_CONFIRMED_ACTION,
  DEPOSIT_REJECTED_ACTION,
  orderStatusLabel,
} from '@taquilla/domain';
import type { AdminOrderListItem, HeldSeat } from '@taquilla/contract';
import { AppError } from '../../../errors.ts';
import type { OrderStatus, Prisma } from '../../../generated/prisma/client.ts';
import type { Db, Tx } from '../../../infra/db.ts';
import type { PaymentGateway } from '../../payments/payments.types.ts';
import { insertChangeLog } from '../../orders/orders.repo.ts';
import type { AdminContext } from '../shared/admin.access.ts';
import { toAdminOrderListItem } from './admin-orders.mapper.ts';
import {
  findOrderIdInScope,
  findOrderListRows,
  lockOrder,
  orderScope,
  releaseOrderPlaces,
  returnPromoUses,
  setOrderStatus,
  voidOrderCodes,
} from './admin-orders.repo.ts';
import { recordAudit } from '../shared/audit.repo.ts';

export type OrderDecision = 'confirm' | 'reject' | 'cancel' | 'refund';

interface DecisionRule {
  from: OrderStatus[];
  to: OrderStatus;
  /** The change_log action (000 §4 names the two deposit ones). */
  action: string;
  /** The audit log's action. */
  audit: string;
  /** Gives the places and promo uses back. */
  releases: boolean;
  /** Voids the order's codes (kept, never deleted: decision 0029). */
  revokesCodes: boolean;
  /** The second half of a 409's message: which status the decision needs. */
  needs: string;
}

const WAITING = '«Esperando aprobación»';

export const DECISIONS: Record<OrderDecision, DecisionRule> = {
  confirm: {
    from: ['WAITING_CONFIRMATION'],
    to: 'APPROVED',
    action: DEPOSIT_CONFIRMED_ACTION,
    audit: 'order.deposit_confirm',
    releases: false,
    revokesCodes: false,
    needs: `solo se confirma el depósito de una orden ${WAITING}`,
  },
  reject: {
    from: ['WAITING_CONFIRMATION'],
    to: 'REJECTED',
    action: DEPOSIT_REJECTED_ACTION,
    audit: 'order.deposit_reject',
    releases: true,
    revokesCodes: false,
    needs: `solo se rechaza el depósito de una orden ${WAITING}`,
  },
  // A PENDING card order may be cancelled too (a buyer stuck in 3-D Secure):
  // its payment can then no longer approve it (approvePendingOrder needs PENDING).
  cancel: {
    from: ['APPROVED', 'WAITING_CONFIRMATION', 'PENDING'],
    to: 'CANCELLED',
    action: 'Order cancelled',
    audit: 'order.cancel',
    releases: true,
    revokesCodes: true,
    needs: `solo se anula una orden «Aprobada», «Pendiente» o ${WAITING}`,
  },
  refund: {
    from: ['APPROVED'],
    to: 'REFUND',
    action: 'Order refunded',
    audit: 'order.refund',
    releases: true,
    revokesCodes: true,
    needs: 'solo se reembolsa una orden «Aprobada»',
  },
};

function statusConflict(status: OrderStatus, rule: DecisionRule): AppError {
  return new AppError('ORDER_STATUS_CONFLICT', {
    message: `La orden está «${orderStatusLabel(status, 'detail')}»: ${rule.needs}.`,
  });
}

/** A seat given back, for the seat channel once the transaction commits. */
/** A seat an order gave back: the inventory's own shape (contract `HeldSeat`). */
export type ReleasedSeat = HeldSeat;

/** The audit log's before / after: the order as the organiser's list shows it. */
async function snapshot(tx: Tx, orderId: string): Promise<AdminOrderListItem | null> {
  const [row] = await findOrderListRows(tx, [orderId]);
  return row ? toAdminOrderListItem(row) : null;
}

/**
 * One decision inside the caller's transaction: under the order's row lock
 * the status must be one the decision starts from (two organisers at once:
 * the second waits for the first and then finds the new status, a 409); the
 * places, promo uses and codes go back as the rule says; the status moves with
 * a conditional update; change_log and audit rows are written. Nothing leaves
 * the transaction: the caller announces, enqueues and mails after the commit.
 */
export async function applyDecision(
  tx: Tx,
  ctx: AdminContext,
  orderId: string,
  decision: OrderDecision,
  extras: { reason: string | null; paymentResponse?: Prisma.InputJsonValue },
): Promise<{ releasedSeats: ReleasedSeat[]; shows: string[] }> {
  const rule = DECISIONS[decision];
  const current = await lockOrder(tx, orderId);
  if (!current) throw new AppError('ORDER_NOT_FOUND');
  if (!rule.from.includes(current.status)) throw statusConflict(current.status, rule);
  const before = await snapshot(tx, orderId);
  const { released: releasedSeats, shows } = rule.releases
    ? await releaseOrderPlaces(tx, orderId)
    : { released: [], shows: [] };
  const promoCodes = rule.releases ? await returnPromoUses(tx, orderId) : [];
  const revokedCodes = rule.revokesCodes ? await voidOrderCodes(tx, orderId) : [];
  const changed = await setOrderStatus(tx, orderId, {
    from: rule.from,
    to: rule.to,
    ...(extras.paymentResponse === undefined ? {} : { paymentResponse: extras.paymentResponse }),
  });
  // Under the row lock the status cannot have moved; kept as the last line all the same.
  if (!changed) throw statusConflict(current.status, rule);
  await insertChangeLog(tx, {
    orderId,
    action: rule.action,
    reason: extras.reason,
    fromStatus: current.status,
    toStatus: rule.to,
    actorUserId: ctx.actor.userId,
  });
  await recordAudit(tx, ctx, {
    action: rule.audit,
    entityType: 'order',
    entityId: orderId,
    before: before as Prisma.InputJsonValue | null,
    after: {
      ...(await snapshot(tx, orderId)),
      reason: extras.reason,
      released_seats: releasedSeats.length,
      promo_uses_returned: promoCodes,
      revoked_codes: revokedCodes,
    } as Prisma.InputJsonValue,
  });
  return { releasedSeats, shows };
}

/** A decision in a transaction of its own, after the scope check (another producer's order: 404). */
export function decideInTransaction(
  db: Db,
  ctx: AdminContext,
  orderId: string,
  decision: Exclude<OrderDecision, 'refund'>,
  reason: string | null,
) {
  return db.$transaction(async (tx) => {
    if (!(await findOrderIdInScope(tx, orderScope(ctx.actor), orderId))) {
      throw new AppError('ORDER_NOT_FOUND');
    }
    return applyDecision(tx, ctx, orderId, decision, { reason });
  });
}

/** How long a refund's transaction may wait for the card provider's answer. */
const REFUND_TRANSACTION_MS = 60_000;

/**
 * A card refund. The provider is asked while the order's row lock is held, so
 * two refunds at once cannot both reach it: the second waits, then finds
 * REFUND (409). Refused (or unreachable) → 502 REFUND_FAILED and the
 * transaction rolls back: nothing changed. The opposite order (mark, then
 * ask) could leave an order marked refunded with the money still charged;
 * this one can at worst leave a refunded charge on an APPROVED order if the
 * database fails after the provider said yes, which is logged as an error to
 * be fixed by hand (a provider refuses a second refund of the same charge).
 */
export async function refundInTransaction(
  deps: {
    db: Db;
    payments: Pick<PaymentGateway, 'refund'>;
    log: { error: (o: object, m: string) => void };
  },
  ctx: AdminContext,
  orderId: string,
  reason: string,
  now: Date,
) {
  // Set once the provider said yes: a failure after that point is money moved without a record.
  const provider = { refundedAt: null as string | null };
  try {
    return await deps.db.$transaction(
      async (tx) => {
        if (!(await findOrderIdInScope(tx, orderScope(ctx.actor), orderId))) {
          throw new AppError('ORDER_NOT_FOUND');
        }
        const order = await lockOrder(tx, orderId);
        if (!order) throw new AppError('ORDER_NOT_FOUND');
        const previous = (order.paymentResponse ?? {}) as Record<string, unknown>;
        const transactionId = previous.transaction_id;
        if (order.paymentType !== 'CREDIT_CARD' || typeof transactionId !== 'string') {
          throw new AppError('ORDER_NOT_REFUNDABLE');
        }
        if (!DECISIONS.refund.from.includes(order.status)) {
          throw statusConflict(order.status, DECISIONS.refund);
        }
        let result;
        try {
          result = await deps.payments.refund(transactionId, order.total);
        } catch (err) {
          throw new AppError('REFUND_FAILED', { cause: err });
        }
        if (!result.refunded) throw new AppError('REFUND_FAILED');
        provider.refundedAt = now.toISOString();
        return applyDecision(tx, ctx, orderId, 'refund', {
          reason,
          paymentResponse: {
            ...previous,
            refund: {
              response_text: result.responseText,
              amount: order.total,
              at: provider.refundedAt,
            },
          } as Prisma.InputJsonValue,
        });
      },
      { timeout: REFUND_TRANSACTION_MS },
    );
  } catch (err) {
    if (provider.refundedAt !== null) {
      deps.log.error({ err, orderId }, 'card refunded but the order was not updated');
    }
    throw err;
  }
}
