import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import type { Db } from '../../infra/db.ts';
import type { ChallengeHandler, PaymentGateway } from './payments.types.ts';
import { createSandboxGateway } from './sandbox.gateway.ts';

export interface PaymentGatewayDeps {
  /** For providers that keep their own records; the sandbox keeps none. */
  db?: Db;
  redis: Redis;
  namespace: string;
  onChallengeResult: ChallengeHandler;
  log?: FastifyBaseLogger;
}

export class PaymentProviderNotConfiguredError extends Error {
  constructor(readonly provider: string) {
    super(
      `El proveedor de pagos "${provider}" aún no está disponible en esta versión; ` +
        'usa PAYMENT_PROVIDER=sandbox',
    );
    this.name = 'PaymentProviderNotConfiguredError';
  }
}

/**
 * A provider that cannot charge yet. It fails on use rather than at start-up,
 * so the rest of the gateway (catalogue, carts, accounts) still runs with it.
 */
function unavailableGateway(provider: string): PaymentGateway {
  const fail = async (): Promise<never> => {
    throw new PaymentProviderNotConfiguredError(provider);
  };
  return { provider, charge: fail, refund: fail };
}

/** The card gateway named by PAYMENT_PROVIDER. */
export function createPaymentGateway(
  config: Pick<Config, 'PAYMENT_PROVIDER' | 'PUBLIC_URL'>,
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
      return unavailableGateway('stripe');
  }
}
