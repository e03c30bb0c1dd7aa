import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { ChallengeDecision } from './payments.types.ts';
import type { StripeGateway } from './stripe.gateway.ts';

export const STRIPE_WEBHOOK_PATH = '/payments/stripe/webhook';
const JSON_TYPE = 'application/json';
const orderIdSchema = z.uuid();

/** The order decision a PaymentIntent event carries, or null for any other event. */
function decisionOf(event: Stripe.Event): ChallengeDecision | null {
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') {
    return null;
  }
  const intent = event.data.object;
  // An intent without our order id was made by something else on the same account.
  const orderId = orderIdSchema.safeParse(intent.metadata?.order_id);
  if (!orderId.success) return null;
  return {
    transactionId: intent.id,
    orderId: orderId.data,
    approved: event.type === 'payment_intent.succeeded',
  };
}

/**
 * POST /payments/stripe/webhook: Stripe's signed events settle the orders
 * that went through 3-D Secure (and, late, charges whose answer was lost).
 * Any non-2xx answer makes Stripe deliver the event again later.
 */
export async function registerStripeWebhook(
  app: FastifyInstance,
  deps: { gateway: StripeGateway; secret: string },
): Promise<void> {
  await app.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent, so this route alone keeps
    // them; the app's JSON parser stays as it is everywhere else.
    scope.removeContentTypeParser(JSON_TYPE);
    scope.addContentTypeParser(JSON_TYPE, { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });

    // Stripe's endpoint, not the client's: kept out of the OpenAPI document.
    scope.post(
      STRIPE_WEBHOOK_PATH,
      { schema: { hide: true }, config: { public: true } },
      async (request) => {
        const signature = request.headers['stripe-signature'];
        let event: Stripe.Event;
        try {
          if (!Buffer.isBuffer(request.body) || typeof signature !== 'string') {
            throw new Error('Missing body or Stripe-Signature header');
          }
          event = Stripe.webhooks.constructEvent(request.body, signature, deps.secret);
        } catch (err) {
          throw new AppError('BAD_REQUEST', { message: 'Firma del webhook inválida', cause: err });
        }
        const decision = decisionOf(event);
        if (decision) {
          const settlement = await deps.gateway.settleFromWebhook(decision);
          // The charge's own answer is still on its way: Stripe delivers this again later.
          if (settlement === 'in_flight') throw new AppError('SERVICE_UNAVAILABLE');
          request.log.info({ eventId: event.id, type: event.type, settlement }, 'stripe webhook');
        }
        return { received: true };
      },
    );
  });
}
