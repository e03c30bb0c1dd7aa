import type { PaymentConfig } from '@taquilla/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import type { Db } from '../../infra/db.ts';
import type { ChallengeHandler, PaymentGateway } from './payments.types.ts';
import { createSandboxGateway } from './sandbox.gateway.ts';
import { createStripeGateway } from './stripe.gateway.ts';

export interface PaymentGatewayDeps {
  /** For providers that keep their own records in the database; none does yet. */
  db?: Db;
  redis: Redis;
  namespace: string;
  onChallengeResult: ChallengeHandler;
  log?: FastifyBaseLogger;
}

export class PaymentProviderNotConfiguredError extends Error {
  constructor(
    readonly provider: string,
    missing: string,
  ) {
    super(`El proveedor de pagos "${provider}" no está disponible: falta ${missing}`);
    this.name = 'PaymentProviderNotConfiguredError';
  }
}

/**
 * A provider missing its configuration. It fails on use rather than at start-up,
 * so the rest of the gateway (catalogue, carts, accounts) still runs with it.
 */
function unavailableGateway(provider: string, missing: string): PaymentGateway {
  const fail = async (): Promise<never> => {
    throw new PaymentProviderNotConfiguredError(provider, missing);
  };
  return { provider, charge: fail, refund: fail };
}

/** The card gateway named by PAYMENT_PROVIDER. */
export function createPaymentGateway(
  config: Pick<Config, 'PAYMENT_PROVIDER' | 'PUBLIC_URL' | 'STRIPE_SECRET_KEY' | 'STRIPE_API_BASE'>,
  deps: PaymentGatewayDeps,
): PaymentGateway {
  switch (config.PAYMENT_PROVIDER) {
    case 'sandbox':
      return createSandboxGateway({
        redis: deps.redis,
        namespace: deps.namespace,
        publicUrl: config.PUBLIC_URL,
        onChallengeResult: deps.onChallengeResult,
        ...(deps.log ? { log: deps.log } : {}),
      });
    case 'stripe':
      if (!config.STRIPE_SECRET_KEY) {
        deps.log?.warn('PAYMENT_PROVIDER=stripe without STRIPE_SECRET_KEY: card payments fail');
        return unavailableGateway('stripe', 'STRIPE_SECRET_KEY');
      }
      return createStripeGateway({
        secretKey: config.STRIPE_SECRET_KEY,
        ...(config.STRIPE_API_BASE ? { apiBase: config.STRIPE_API_BASE } : {}),
        redis: deps.redis,
        namespace: deps.namespace,
        onChallengeResult: deps.onChallengeResult,
        ...(deps.log ? { log: deps.log } : {}),
      });
  }
}

/**
 * What the browser's card form needs to know (GET /payments/config): the
 * provider, and with Stripe the publishable key Stripe.js is loaded with.
 */
export function paymentConfigOf(
  config: Pick<Config, 'PAYMENT_PROVIDER' | 'STRIPE_PUBLISHABLE_KEY'>,
): PaymentConfig {
  return {
    provider: config.PAYMENT_PROVIDER,
    publishable_key:
      config.PAYMENT_PROVIDER === 'stripe' ? (config.STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };
}
