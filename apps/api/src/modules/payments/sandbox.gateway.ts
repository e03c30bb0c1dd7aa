import { randomBytes, randomInt } from 'node:crypto';
import { cardDeclineMessage, cardLast4, detectCardBrand, isCurrency } from '@taquilla/domain';
import type { CardBrand, Currency } from '@taquilla/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type {
  CardCharge,
  ChallengeHandler,
  ChargeResult,
  PaymentGateway,
} from './payments.types.ts';
import { sandboxOutcomeOf } from './sandbox.cards.ts';

/** A real issuer's 3-D Secure session lasts minutes; past this the buyer must pay again. */
export const SANDBOX_CHALLENGE_TTL_SECONDS = 15 * 60;

const TRANSACTION_ID = /^sbx_[0-9a-f]{24}$/;

/** A 3-D Secure challenge waiting for the buyer's answer. */
export interface SandboxChallenge {
  orderId: string;
  amount: number;
  currency: Currency;
  returnUrl: string;
  brand: CardBrand | null;
  last4: string;
}

export interface SandboxGateway extends PaymentGateway {
  readonly provider: 'sandbox';
  /** The pending challenge; null when unknown, expired or already decided. */
  findChallenge(transactionId: string): Promise<SandboxChallenge | null>;
  /**
   * Settles a challenge once: the first call takes it and reports the decision;
   * any later call (a double click, a replay) gets null and reports nothing.
   */
  decideChallenge(transactionId: string, approved: boolean): Promise<SandboxChallenge | null>;
}

export interface SandboxGatewayDeps {
  redis: Redis;
  namespace: string;
  /** The gateway's public origin: challenge pages are linked from it. */
  publicUrl: string;
  onChallengeResult: ChallengeHandler;
  log?: FastifyBaseLogger;
}

export function isSandboxGateway(gateway: PaymentGateway): gateway is SandboxGateway {
  return gateway.provider === 'sandbox' && 'decideChallenge' in gateway;
}

const newTransactionId = () => `sbx_${randomBytes(12).toString('hex')}`;
const newAuthorization = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

function assertAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw new RangeError(`A charge needs a positive whole amount in minor units, got ${amount}`);
  }
}

function parseChallenge(raw: string | null): SandboxChallenge | null {
  if (raw === null) return null;
  const value = JSON.parse(raw) as Partial<SandboxChallenge>;
  if (typeof value.orderId !== 'string' || typeof value.amount !== 'number') return null;
  if (!isCurrency(value.currency)) return null;
  return {
    orderId: value.orderId,
    amount: value.amount,
    currency: value.currency,
    returnUrl: typeof value.returnUrl === 'string' ? value.returnUrl : '',
    brand: value.brand ?? null,
    last4: typeof value.last4 === 'string' ? value.last4 : '',
  };
}

/**
 * The default provider: no network, outcomes chosen by the test card used
 * (sandbox.cards.ts), 3-D Secure challenges held in Redis so any API instance
 * can serve the challenge page.
 */
export function createSandboxGateway(deps: SandboxGatewayDeps): SandboxGateway {
  const { redis, namespace, onChallengeResult, log } = deps;
  const publicUrl = deps.publicUrl.replace(/\/+$/, '');
  const keyOf = (transactionId: string) => `${namespace}:sandbox3ds:${transactionId}`;

  async function charge(input: CardCharge): Promise<ChargeResult> {
    assertAmount(input.amount);
    const verdict = sandboxOutcomeOf(input.card.number);
    const brand = detectCardBrand(input.card.number);
    const last4 = cardLast4(input.card.number);
    let result: ChargeResult;
    if (verdict.outcome === 'DECLINED') {
      result = {
        outcome: 'DECLINED',
        // A number that fails the card check never reaches an issuer: no transaction.
        transactionId: verdict.numberIsValid ? newTransactionId() : null,
        responseCode: verdict.responseCode,
        responseText: cardDeclineMessage(verdict.responseCode),
      };
    } else if (verdict.outcome === '3DS') {
      const transactionId = newTransactionId();
      const challenge: SandboxChallenge = {
        orderId: input.orderId,
        amount: input.amount,
        currency: input.currency,
        returnUrl: input.returnUrl,
        brand,
        last4,
      };
      await redis.set(
        keyOf(transactionId),
        JSON.stringify(challenge),
        'EX',
        SANDBOX_CHALLENGE_TTL_SECONDS,
      );
      result = {
        outcome: 'CHALLENGE',
        transactionId,
        redirect: `${publicUrl}/payments/sandbox/3ds/${transactionId}`,
      };
    } else {
      result = {
        outcome: 'APPROVED',
        transactionId: newTransactionId(),
        authorization: newAuthorization(),
        responseText: 'Transacción aprobada',
      };
    }
    log?.info(
      {
        provider: 'sandbox',
        orderId: input.orderId,
        brand,
        last4,
        outcome: result.outcome,
        transactionId: result.transactionId,
        ...(result.outcome === 'DECLINED' ? { responseCode: result.responseCode } : {}),
      },
      'card charge',
    );
    return result;
  }

  async function findChallenge(transactionId: string): Promise<SandboxChallenge | null> {
    if (!TRANSACTION_ID.test(transactionId)) return null;
    return parseChallenge(await redis.get(keyOf(transactionId)));
  }

  async function decideChallenge(
    transactionId: string,
    approved: boolean,
  ): Promise<SandboxChallenge | null> {
    if (!TRANSACTION_ID.test(transactionId)) return null;
    const key = keyOf(transactionId);
    // GETDEL takes the challenge atomically: of two simultaneous clicks only one gets it.
    const replies = await redis.multi().pttl(key).getdel(key).exec();
    const ttlMs = Number(replies?.[0]?.[1] ?? -1);
    const raw = (replies?.[1]?.[1] ?? null) as string | null;
    const challenge = parseChallenge(raw);
    if (!challenge || raw === null) return null;
    try {
      await onChallengeResult({ transactionId, orderId: challenge.orderId, approved });
    } catch (err) {
      // Nothing settled the order: put the challenge back so the buyer can answer again.
      if (ttlMs > 0) await redis.set(key, raw, 'PX', ttlMs, 'NX');
      throw err;
    }
    log?.info(
      { provider: 'sandbox', orderId: challenge.orderId, transactionId, approved },
      '3-D Secure challenge decided',
    );
    return challenge;
  }

  return {
    provider: 'sandbox',
    charge,
    // The sandbox moves no money: every refund succeeds and nothing else is recorded.
    refund: async (transactionId, amount) => {
      assertAmount(amount);
      log?.info({ provider: 'sandbox', transactionId, amount }, 'card refund');
      return { refunded: true, responseText: 'Reembolso aprobado' };
    },
    findChallenge,
    decideChallenge,
  };
}
