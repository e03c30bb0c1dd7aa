import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import type { Db } from '../../infra/db.ts';
import { createChallengeRelay } from './payments.challenges.ts';
import type { ChallengeRelay } from './payments.challenges.ts';
import { createPaymentGateway, paymentConfigOf } from './payments.gateway.ts';
import { registerPaymentRoutes } from './payments.routes.ts';
import type { PaymentGateway } from './payments.types.ts';
import { isSandboxGateway } from './sandbox.gateway.ts';
import { isStripeGateway } from './stripe.gateway.ts';
import { registerStripeWebhook } from './stripe.webhook.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Charges and refunds cards with the provider named by PAYMENT_PROVIDER. */
    paymentGateway: PaymentGateway;
    /** The orders module calls `set(handler)` to settle orders after 3-D Secure. */
    paymentChallenges: ChallengeRelay;
  }
}

/**
 * The card gateway at the composition root: the provider, the relay its
 * 3-D Secure decisions go through, the card form's settings, the sandbox's
 * routes and Stripe's webhook.
 */
export async function registerPayments(
  app: FastifyInstance,
  deps: { config: Config; db: Db; redis: Redis; namespace: string },
): Promise<void> {
  const relay = createChallengeRelay();
  const gateway = createPaymentGateway(deps.config, {
    db: deps.db,
    redis: deps.redis,
    namespace: deps.namespace,
    onChallengeResult: (decision) => relay.call(decision),
    log: app.log,
  });
  app.decorate('paymentChallenges', relay);
  app.decorate('paymentGateway', gateway);
  const paymentConfig = paymentConfigOf(deps.config);
  await registerPaymentRoutes(app, {
    sandbox: isSandboxGateway(gateway) ? gateway : null,
    paymentConfig,
  });
  if (paymentConfig.provider === 'stripe' && !paymentConfig.publishable_key) {
    // Like a missing secret key: the rest runs, the SPA's card form says it is unavailable.
    app.log.warn(
      'PAYMENT_PROVIDER=stripe without STRIPE_PUBLISHABLE_KEY: the SPA cannot take cards',
    );
  }
  if (isStripeGateway(gateway)) {
    const secret = deps.config.STRIPE_WEBHOOK_SECRET;
    if (secret) await registerStripeWebhook(app, { gateway, secret });
    // Without it 3-D Secure payments never settle: the sweeper gives their places back.
    else app.log.warn('PAYMENT_PROVIDER=stripe without STRIPE_WEBHOOK_SECRET: no webhook route');
  }
}
