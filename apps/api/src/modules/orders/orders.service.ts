import { RESEND_TICKETS_MESSAGE } from '@taquilla/contract';
import type { CreateOrderBody, Order } from '@taquilla/contract';
import { cardDeclineMessage, toMinorUnits } from '@taquilla/domain';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { Pg } from '../../infra/pg.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import type { CartCaller } from '../cart/cart.tx.ts';
import { seatChangesByShow } from '../maps/seat-changes.ts';
import type { Mailer } from '../mail/mail.types.ts';
import type { SeatChanges } from '../maps/seat-changes.ts';
import type { ChallengeDecision, PaymentGateway } from '../payments/payments.types.ts';
import { buyerRulesOf, checkBuyer, saveBuyerToProfile, storedBuyer } from './orders.buyer.ts';
import type { CardFields } from './orders.buyer.ts';
import {
  CartChangedError,
  approvePendingOrder,
  checkCartToPlace,
  isUnplaced,
  placeOrder,
  returnOrderToCart,
} from './orders.checkout.ts';
import { requestHash, withIdempotency } from './orders.idempotency.ts';
import type { StoredAnswer } from './orders.idempotency.ts';
import { orderPageLink, verifyOrderLinkToken } from './orders.links.ts';
import { toOrder, toOrderLoginPrompt } from './orders.mapper.ts';
import { depositReceivedMail } from './orders.mails.ts';
import { findOrderView, readCheckoutCart } from './orders.repo.ts';
import type { OrderView } from './orders.repo.ts';

/** "Reenviar boletos" (000 §8): a few per order, and a ceiling per address across orders. */
export const RESEND_PER_ORDER: RateLimitRule = { limit: 3, windowSeconds: 600 };
export const RESEND_PER_IP: RateLimitRule = { limit: 10, windowSeconds: 3600 };
/**
 * Order look-ups that found nothing or carried a wrong link token (`t=`), per
 * address (decision 0050). Ids are random and the token an HMAC, so this stops a
 * script probing, not a real guess; only refusals count, so buyers who open
 * their own orders from a venue's shared address never spend it.
 */
export const ORDER_LOOKUP_FAILURES: RateLimitRule = { limit: 30, windowSeconds: 600 };

/** A cart that changes while it is placed is read and priced again, this many times in all. */
const PLACE_ATTEMPTS = 3;

export interface OrdersServiceDeps {
  db: Db;
  /** The checkout's hot statements (database functions), off the ORM. */
  pg: Pg;
  clock: () => Date;
  payments: Pick<PaymentGateway, 'charge' | 'refund'>;
  seatChanges: Pick<SeatChanges, 'announce'>;
  /** Issues the codes and e-mails them once an order is APPROVED (the `tickets` job); resends them. */
  tickets: { enqueue(orderId: string): Promise<void>; resend(orderId: string): Promise<void> };
  rateLimiter: Pick<RateLimiter, 'check' | 'consume'>;
  /**
   * Deposit proofs (decision 0065): a link this server issued is checked and copied to a
   * key the order will own; a copy whose order was not placed is discarded.
   */
  proofs: {
    copyForOrder(
      link: string,
      owner: { showIds: string[]; sessionId: string },
    ): Promise<{ sourceKey: string; key: string }>;
    discard(key: string): Promise<void>;
  };
  /** "Recibimos tu comprobante" when a deposit order is placed (the `mail` queue). */
  mailer: Mailer;
  log: { error: (o: object, m: string) => void };
  /** Publishes a 3-D Secure result on `cart/{cartId}/3ds`. */
  publish3ds: (cartId: string, message: object) => Promise<void>;
  publicUrl: string;
  linkSecret: string;
  /** What a card payment sends: the cc_* fields (sandbox) or a Stripe PaymentMethod id. */
  cardFields?: CardFields;
}

/** The caller of an order call: a user, and the browser's `sessionID` cookie. */
export interface OrderCaller extends CartCaller {
  browserSession: string | null;
}

/**
 * Whom an order belongs to (decision 0020): its user, the browser whose
 * `sessionID` placed it (guest checkout), or the holder of its e-mailed link.
 */
function isOrderHolder(
  row: Pick<OrderView, 'id' | 'userId' | 'cart'>,
  caller: OrderCaller,
  token: string | undefined,
  linkSecret: string,
): boolean {
  const isOwner = caller.userId !== null && row.userId === caller.userId;
  const isBrowser =
    caller.browserSession !== null && row.cart?.sessionKey === caller.browserSession;
  return (
    isOwner || isBrowser || (token !== undefined && verifyOrderLinkToken(linkSecret, row.id, token))
  );
}

export function createOrdersService(deps: OrdersServiceDeps) {
  const { db, pg, clock } = deps;

  const view = async (orderId: string): Promise<Order> => {
    const row = await findOrderView(pg, orderId);
    if (!row) throw new AppError('ORDER_NOT_FOUND');
    return toOrder(row);
  };

  async function settleChallenge(decision: ChallengeDecision): Promise<void> {
    const row = await db.order.findUnique({
      where: { id: decision.orderId },
      select: { cartId: true, paymentResponse: true, total: true },
    });
    if (!row) return;
    const previous = (row.paymentResponse ?? {}) as Record<string, unknown>;
    if (decision.approved) {
      const response = {
        ...previous,
        authorization: decision.transactionId.slice(-6).toUpperCase(),
        response_text: 'Aprobada',
      };
      const approved = (await approvePendingOrder(pg, decision.orderId, response)) !== null;
      if (approved) await deps.tickets.enqueue(decision.orderId);
      // Too late (abandoned, or cancelled by the organiser meanwhile): the money goes back.
      else await deps.payments.refund(decision.transactionId, row.total);
      if (!row.cartId) return;
      await deps.publish3ds(row.cartId, {
        event: '3ds',
        status: approved ? 'APPROVED' : 'REJECTED',
        order_uid: decision.orderId,
      });
      return;
    }
    const text = cardDeclineMessage('3D1');
    const returned = await db.$transaction((tx) =>
      returnOrderToCart(tx, decision.orderId, {
        action: '3-D Secure rejected',
        reason: text,
        paymentResponse: { ...previous, response_text: text },
      }),
    );
    if (returned) {
      await deps.seatChanges.announce(
        seatChangesByShow(returned.released, 'released'),
        returned.shows,
      );
    }
    const cartId = returned?.cartId ?? row.cartId;
    if (!cartId) return;
    await deps.publish3ds(cartId, {
      event: '3ds',
      status: 'REJECTED',
      order_uid: decision.orderId,
      message: text,
    });
  }

  async function place(body: CreateOrderBody, caller: CartCaller): Promise<StoredAnswer> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await placeOnce(body, caller);
      } catch (err) {
        if (!(err instanceof CartChangedError)) throw err;
        if (attempt === PLACE_ATTEMPTS) throw new AppError('CART_BUSY', { cause: err });
      }
    }
  }

  async function placeOnce(body: CreateOrderBody, caller: CartCaller): Promise<StoredAnswer> {
    const now = clock();
    const info = body.payment_info;
    const cart = await readCheckoutCart(pg, body.cart_uid);
    const rules = buyerRulesOf(cart?.shows ?? []);
    const { card } = checkBuyer(body.payment_type, info, rules, now, {
      cardFields: deps.cardFields ?? 'raw',
    });
    const input = {
      sessionKey: body.session_id,
      caller,
      paymentType: body.payment_type,
      expectedTotal: info.total === undefined ? null : toMinorUnits(info.total),
      now,
    };
    const priced = checkCartToPlace(cart, input);
    // After the cart's own checks, so a refused cart copies nothing.
    const proof =
      body.payment_type === 'BANK_DEPOSIT' || body.payment_type === 'ACCOUNT_BANK_DEPOSIT'
        ? await deps.proofs.copyForOrder(info.file_info ?? '', {
            showIds: rules.showIds,
            sessionId: body.session_id,
          })
        : null;
    let placed;
    try {
      placed = await placeOrder(pg, priced, {
        ...input,
        email: info.email.toLowerCase(),
        // 002 §3: the referral the buyer's browser carried, for the organiser's order page.
        paymentInfo: { ...storedBuyer(info, proof?.key ?? null), referral: info.referral ?? null },
        card,
        proof,
      });
    } catch (err) {
      // Not placed: its copy of the proof goes too. When that is unsure (the connection
      // failed), the copy stays: the sweep removes it a day later if no order names it.
      if (proof && isUnplaced(err)) {
        await deps.proofs.discard(proof.key).catch((discardErr: unknown) => {
          deps.log.error({ err: discardErr, key: proof.key }, 'unplaced order proof not deleted');
        });
      }
      throw err;
    }
    const after: Promise<unknown>[] = [
      deps.seatChanges.announce(seatChangesByShow(placed.sold, 'sold')),
    ];
    // "Guardar mis datos" (000 §6): a signed-in buyer's form fills the profile next time.
    if (caller.userId && info.save_info === true) {
      after.push(saveBuyerToProfile(db, caller.userId, info));
    }
    if (placed.status === 'APPROVED') after.push(deps.tickets.enqueue(placed.orderId));
    if (body.payment_type !== 'CREDIT_CARD') {
      const [order] = await Promise.all([view(placed.orderId), ...after]);
      // A deposit waiting for review: the buyer hears of it now, not only at the decision.
      const received = depositReceivedMail(
        order,
        orderPageLink(deps.publicUrl, deps.linkSecret, order._id),
      );
      // The order is placed: a notice that cannot be queued is logged, not the buyer's error.
      if (received) {
        await deps.mailer.send(received).catch((err: unknown) => {
          deps.log.error({ err, orderId: order._id }, 'deposit-received mail not queued');
        });
      }
      return { status: 200, body: order };
    }
    await Promise.all(after);
    return charge(placed.orderId, { total: placed.total, currency: placed.currency }, body);
  }

  async function charge(
    orderId: string,
    order: { total: number; currency: 'GTQ' | 'USD' },
    body: CreateOrderBody,
  ): Promise<StoredAnswer> {
    const info = body.payment_info;
    let result;
    try {
      result = await deps.payments.charge({
        orderId,
        amount: order.total,
        currency: order.currency,
        card: {
          number: info.cc_number ?? '',
          exp: info.cc_exp ?? '',
          cvv: info.cc_cvv2 ?? '',
          name: info.cc_name ?? '',
        },
        returnUrl: `${deps.publicUrl}/orders/${orderId}`,
        ...(info.payment_method ? { paymentMethod: info.payment_method } : {}),
      });
    } catch (err) {
      await db.$transaction((tx) =>
        returnOrderToCart(tx, orderId, {
          action: 'Payment failed',
          reason: 'El proveedor de pagos no respondió',
          paymentResponse: { response_text: 'Error del proveedor de pagos' },
        }),
      );
      throw new AppError('PAYMENT_FAILED', { cause: err });
    }
    if (result.outcome === 'APPROVED') {
      const response = {
        authorization: result.authorization,
        transaction_id: result.transactionId,
        response_text: result.responseText,
      };
      // One statement: the change, its log entry and the order page.
      const approved = await approvePendingOrder(pg, orderId, response);
      if (!approved) {
        await deps.payments.refund(result.transactionId, order.total);
        throw new AppError('PAYMENT_FAILED');
      }
      await deps.tickets.enqueue(orderId);
      return { status: 200, body: toOrder(approved) };
    }
    if (result.outcome === 'DECLINED') {
      const message = cardDeclineMessage(result.responseCode, result.responseText);
      const returned = await db.$transaction((tx) =>
        returnOrderToCart(tx, orderId, {
          action: 'Card declined',
          reason: `${result.responseCode}: ${message}`,
          paymentResponse: {
            transaction_id: result.transactionId,
            response_code: result.responseCode,
            response_text: message,
          },
        }),
      );
      if (returned) {
        await deps.seatChanges.announce(
          seatChangesByShow(returned.released, 'released'),
          returned.shows,
        );
      }
      throw new AppError('CARD_DECLINED', { message, responseCode: result.responseCode });
    }
    await db.order.update({
      where: { id: orderId },
      data: {
        paymentResponse: { transaction_id: result.transactionId, redirect: result.redirect },
      },
    });
    return { status: 303, body: await view(orderId) };
  }

  return {
    settleChallenge,

    /** POST /cart/orders, once per `Idempotency-Key`. */
    async create(
      body: CreateOrderBody,
      caller: CartCaller,
      idempotencyKey: string | null,
    ): Promise<StoredAnswer> {
      if (!idempotencyKey) return place(body, caller);
      const { cc_number: pan, cc_cvv2: _cvv, ...rest } = body.payment_info;
      // The key's hash never carries the card number: only what identifies the request.
      const hash = requestHash({
        ...body,
        payment_info: { ...rest, last4: pan?.slice(-4) ?? null },
      });
      return withIdempotency(
        pg,
        { scope: `order:${body.session_id}`, key: idempotencyKey, hash, now: clock() },
        () => place(body, caller),
      );
    },

    /** GET /viewers/orders/{id}: the whole order to those it belongs to; the login prompt to others. */
    async get(orderId: string, caller: OrderCaller, token: string | undefined) {
      const budget = [{ key: `order-lookup:ip:${caller.ip}`, rule: ORDER_LOOKUP_FAILURES }];
      await deps.rateLimiter.check(budget);
      const row = await findOrderView(pg, orderId);
      if (!row) {
        await deps.rateLimiter.consume(budget);
        throw new AppError('ORDER_NOT_FOUND');
      }
      if (isOrderHolder(row, caller, token, deps.linkSecret)) return toOrder(row);
      // Without `t=` it is a buyer asked to sign in; a wrong `t=` is a guess.
      if (token !== undefined) await deps.rateLimiter.consume(budget);
      return toOrderLoginPrompt(row);
    },

    /**
     * POST /viewers/orders/{id}/resendTickets: the tickets e-mail again, to the
     * order's own address. Anyone but the order's holder learns nothing (404);
     * the per-order budget is spent only by its holder, so a stranger cannot use it up.
     */
    async resendTickets(orderId: string, caller: OrderCaller, token: string | undefined) {
      await deps.rateLimiter.consume([{ key: `resend:ip:${caller.ip}`, rule: RESEND_PER_IP }]);
      const row = await db.order.findUnique({
        where: { id: orderId },
        select: { id: true, userId: true, status: true, cart: { select: { sessionKey: true } } },
      });
      if (!row || !isOrderHolder(row, caller, token, deps.linkSecret)) {
        throw new AppError('ORDER_NOT_FOUND');
      }
      if (row.status !== 'APPROVED') throw new AppError('ORDER_NOT_APPROVED');
      await deps.rateLimiter.consume([{ key: `resend:order:${orderId}`, rule: RESEND_PER_ORDER }]);
      await deps.tickets.resend(orderId);
      return { message: RESEND_TICKETS_MESSAGE };
    },

    /** The link of the order e-mail: opens the order without signing in. */
    linkOf(orderId: string): string {
      return orderPageLink(deps.publicUrl, deps.linkSecret, orderId);
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
