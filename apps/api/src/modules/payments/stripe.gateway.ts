import { cardDeclineMessage } from '@taquilla/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import Stripe from 'stripe';
import type {
  CardCharge,
  ChallengeDecision,
  ChallengeHandler,
  ChargeResult,
  PaymentGateway,
} from './payments.types.ts';

/** Stripe retries a webhook for three days; what we know of a charge outlives that. */
const CHARGE_STATE_TTL_SECONDS = 7 * 24 * 3600;
/** Longer than the SDK can spend on one charge (timeout × attempts); a crash frees it after. */
const CHARGING_TTL_SECONDS = 10 * 60;
const REQUEST_TIMEOUT_MS = 30_000;

export const PAYMENT_METHOD_REQUIRED_MESSAGE =
  'Ingresa los datos de tu tarjeta en el formulario de pago seguro e intenta de nuevo.';

/**
 * Stripe's decline reasons (`decline_code`, else `code`) in the codes of 000 §8,
 * so the buyer reads the specification's text. A reason not listed here is
 * passed through as is and shows the default decline text.
 */
const DECLINE_CODES: Readonly<Record<string, string>> = {
  insufficient_funds: '51',
  card_declined: '05',
  generic_decline: '05',
  do_not_honor: '05',
  do_not_try_again: '05',
  lost_card: '41',
  pickup_card: '41',
  stolen_card: '43',
  incorrect_number: '14',
  invalid_number: '14',
  invalid_account: '14',
  card_not_supported: '14',
  currency_not_supported: '14',
  fraudulent: '59',
  merchant_blacklist: '59',
  card_velocity_exceeded: '65',
  withdrawal_count_limit_exceeded: '65',
  incorrect_cvc: '97',
  invalid_cvc: '97',
  processing_error: '96',
  try_again_later: '96',
  issuer_not_available: '96',
  reenter_transaction: '96',
  authentication_required: '3D1',
  payment_intent_authentication_failure: '3D1',
};

/**
 * What the gateway knows of an order's charge, for the webhook to settle each
 * order once. `charging`: the request is in flight. `settled`: its outcome was
 * handled (the synchronous answer, or a webhook). `challenge`: 3-D Secure is
 * pending and the webhook decides. `failed`: the request failed without an answer.
 */
type ChargeState = 'charging' | 'settled' | 'challenge' | 'failed';

/**
 * Takes a webhook's decision for an order atomically: answers the state it
 * replaced when this call may settle the order ('' when none was known), or
 * `charging` / `settled` when it may not. A failed payment after a request that
 * failed is nothing to settle: the order already went back to its cart.
 */
const CLAIM_SCRIPT = `
local state = redis.call('GET', KEYS[1])
if state == 'charging' then return 'charging' end
if state == 'settled' then return 'settled' end
if state == 'failed' and ARGV[1] == '0' then return 'settled' end
redis.call('SET', KEYS[1], 'settled', 'EX', ARGV[2])
return state or ''
`;

export type WebhookSettlement = 'settled' | 'duplicate' | 'in_flight';

export interface StripeGateway extends PaymentGateway {
  readonly provider: 'stripe';
  /**
   * A verified webhook's outcome for one of our PaymentIntents. The order is
   * settled through the challenge handler once; a repeated delivery, or the
   * event of a charge already answered synchronously, is a `duplicate`; an
   * event that overtakes its own charge request is `in_flight` (Stripe retries).
   */
  settleFromWebhook(decision: ChallengeDecision): Promise<WebhookSettlement>;
}

export interface StripeGatewayDeps {
  secretKey: string;
  /** STRIPE_API_BASE: the SDK's host, port and protocol (tests, stripe-mock). */
  apiBase?: string;
  redis: Redis;
  namespace: string;
  onChallengeResult: ChallengeHandler;
  log?: FastifyBaseLogger;
}

export function isStripeGateway(gateway: PaymentGateway): gateway is StripeGateway {
  return gateway.provider === 'stripe' && 'settleFromWebhook' in gateway;
}

function apiBaseOptions(apiBase: string | undefined) {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  } as const;
}

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`A charge needs a positive whole amount in minor units, got ${amount}`);
  }
}

function declined(responseCode: string, transactionId: string | null): ChargeResult {
  // Stripe's own texts are English: the buyer reads 000 §8's, or the default one.
  return {
    outcome: 'DECLINED',
    transactionId,
    responseCode,
    responseText: cardDeclineMessage(responseCode),
  };
}

/**
 * A refusal the buyer can act on (another card), or null for a failure of
 * ours or Stripe's, which the orders service answers as PAYMENT_FAILED.
 */
function declineOf(err: unknown): ChargeResult | null {
  if (!(err instanceof Stripe.errors.StripeError)) return null;
  const transactionId = err.payment_intent?.id ?? null;
  if (err instanceof Stripe.errors.StripeCardError) {
    const reason = err.decline_code ?? err.code ?? 'card_declined';
    const code = Object.hasOwn(DECLINE_CODES, reason) ? DECLINE_CODES[reason] : undefined;
    return declined(code ?? reason, transactionId);
  }
  // A PaymentMethod id that is not one of this account's: the browser's, not ours.
  if (err instanceof Stripe.errors.StripeInvalidRequestError && err.param === 'payment_method') {
    return declined('14', transactionId);
  }
  return null;
}

const chargeIdOf = (intent: Stripe.PaymentIntent): string | null =>
  typeof intent.latest_charge === 'string'
    ? intent.latest_charge
    : (intent.latest_charge?.id ?? null);

/**
 * The `stripe` provider on the official SDK. Cards are PaymentMethods made by
 * Stripe.js in the browser; this server confirms a PaymentIntent with one and
 * never sees a card number. 3-D Secure redirects the buyer to Stripe's page and
 * its outcome arrives by webhook (stripe.webhook.ts).
 */
export function createStripeGateway(deps: StripeGatewayDeps): StripeGateway {
  const { redis, namespace, onChallengeResult, log } = deps;
  const client = new Stripe(deps.secretKey, {
    // Retries reuse the request's idempotency key: never a second charge.
    maxNetworkRetries: 2,
    timeout: REQUEST_TIMEOUT_MS,
    telemetry: false,
    appInfo: { name: 'Taquilla' },
    ...apiBaseOptions(deps.apiBase),
  });
  const stateKey = (orderId: string) => `${namespace}:stripe:charge:${orderId}`;
  const setState = (orderId: string, state: ChargeState) =>
    redis.set(
      stateKey(orderId),
      state,
      'EX',
      state === 'charging' ? CHARGING_TTL_SECONDS : CHARGE_STATE_TTL_SECONDS,
    );

  async function confirmIntent(input: CardCharge, paymentMethod: string): Promise<ChargeResult> {
    let intent: Stripe.PaymentIntent;
    try {
      intent = await client.paymentIntents.create(
        {
          amount: input.amount,
          currency: input.currency === 'USD' ? 'usd' : 'gtq',
          payment_method: paymentMethod,
          // Cards only (the API version this SDK pins renamed `payment_method_types`).
          allowed_payment_method_types: ['card'],
          confirm: true,
          return_url: input.returnUrl,
          metadata: { order_id: input.orderId },
        },
        // One PaymentIntent per order, however often the request is retried.
        { idempotencyKey: `order-${input.orderId}` },
      );
    } catch (err) {
      const refusal = declineOf(err);
      if (refusal) return refusal;
      throw err;
    }
    if (intent.status === 'succeeded') {
      return {
        outcome: 'APPROVED',
        transactionId: intent.id,
        authorization: chargeIdOf(intent) ?? intent.id,
        responseText: 'Aprobada',
      };
    }
    const redirect = intent.next_action?.redirect_to_url?.url;
    if (intent.status === 'requires_action' && redirect) {
      return { outcome: 'CHALLENGE', transactionId: intent.id, redirect };
    }
    if (intent.status === 'requires_action') {
      // An action this server cannot hand to the browser (e.g. `use_stripe_sdk`).
      return declined('SP4', intent.id);
    }
    // `processing` and the like: the webhook settles a late success (a refund, as
    // for any approval that finds no pending order), and the order goes back now.
    throw new Error(`Unexpected PaymentIntent status "${intent.status}" for ${intent.id}`);
  }

  async function charge(input: CardCharge): Promise<ChargeResult> {
    assertAmount(input.amount);
    const paymentMethod = input.paymentMethod?.trim();
    if (!paymentMethod) {
      return {
        outcome: 'DECLINED',
        transactionId: null,
        responseCode: '14',
        responseText: PAYMENT_METHOD_REQUIRED_MESSAGE,
      };
    }
    // Marked before Stripe is asked: its webhook may arrive before its answer does.
    await setState(input.orderId, 'charging');
    let result: ChargeResult;
    try {
      result = await confirmIntent(input, paymentMethod);
    } catch (err) {
      await setState(input.orderId, 'failed');
      log?.warn(
        { provider: 'stripe', orderId: input.orderId, err },
        'card charge failed without an answer',
      );
      throw err;
    }
    await setState(input.orderId, result.outcome === 'CHALLENGE' ? 'challenge' : 'settled');
    log?.info(
      {
        provider: 'stripe',
        orderId: input.orderId,
        outcome: result.outcome,
        transactionId: result.transactionId,
        ...(result.outcome === 'DECLINED' ? { responseCode: result.responseCode } : {}),
      },
      'card charge',
    );
    return result;
  }

  async function refund(
    transactionId: string,
    amount: number,
  ): Promise<{ refunded: boolean; responseText: string }> {
    assertAmount(amount);
    try {
      const result = await client.refunds.create(
        { payment_intent: transactionId, amount },
        { idempotencyKey: `refund-${transactionId}` },
      );
      const refunded = result.status === 'succeeded' || result.status === 'pending';
      log?.info(
        { provider: 'stripe', transactionId, amount, refundId: result.id, status: result.status },
        'card refund',
      );
      return {
        refunded,
        responseText: refunded ? 'Reembolso aprobado' : 'Reembolso rechazado',
      };
    } catch (err) {
      // Stripe refused this refund (already refunded, disputed...): an answer, not an outage.
      if (
        err instanceof Stripe.errors.StripeInvalidRequestError ||
        err instanceof Stripe.errors.StripeCardError
      ) {
        log?.warn({ provider: 'stripe', transactionId, amount, code: err.code }, 'refund refused');
        return { refunded: false, responseText: 'Reembolso rechazado' };
      }
      throw err;
    }
  }

  async function settleFromWebhook(decision: ChallengeDecision): Promise<WebhookSettlement> {
    const key = stateKey(decision.orderId);
    const previous = String(
      await redis.eval(
        CLAIM_SCRIPT,
        1,
        key,
        decision.approved ? '1' : '0',
        String(CHARGE_STATE_TTL_SECONDS),
      ),
    );
    if (previous === 'charging') return 'in_flight';
    if (previous === 'settled') return 'duplicate';
    try {
      await onChallengeResult(decision);
    } catch (err) {
      // Nothing settled the order: give the claim back so Stripe's retry can.
      if (previous === '') await redis.del(key);
      else await redis.set(key, previous, 'EX', CHARGE_STATE_TTL_SECONDS);
      throw err;
    }
    log?.info(
      {
        provider: 'stripe',
        orderId: decision.orderId,
        transactionId: decision.transactionId,
        approved: decision.approved,
      },
      'payment settled by webhook',
    );
    return 'settled';
  }

  return { provider: 'stripe', charge, refund, settleFromWebhook };
}
