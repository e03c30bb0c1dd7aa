import { CARD_BRANDS } from '@taquilla/domain';
import { z } from 'zod';
import { listOf } from './common.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';

/** The card gateways a deployment can name in PAYMENT_PROVIDER. */
export const PAYMENT_PROVIDERS = ['sandbox', 'stripe'] as const;

/**
 * GET /payments/config: how the SPA's card form takes a card. `sandbox` asks for the
 * number, expiry and CVV itself; `stripe` mounts Stripe Elements with this publishable
 * key and sends only the PaymentMethod id. The key is null with the sandbox, and with
 * `stripe` when the deployment has not set one (card payments are then unavailable).
 */
export const paymentConfigSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishable_key: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigSchema>;

// The card gateway's sandbox (ARCHITECTURE §1): test cards for every outcome.

export const SANDBOX_CARD_OUTCOMES = ['APPROVED', '3DS', 'DECLINED'] as const;

/** A sandbox test card: any future expiry and any valid CVV work with it. */
export const sandboxCardSchema = z.object({
  number: z.string(),
  brand: z.enum(CARD_BRANDS),
  outcome: z.enum(SANDBOX_CARD_OUTCOMES),
  /** DECLINED: the `response_code` the payment answers with (000 §8). */
  response_code: z.string().optional(),
  /** What the card does, for the test-card list of the payment form. */
  description: z.string(),
});
export type SandboxCard = z.infer<typeof sandboxCardSchema>;

export const sandboxCardListSchema = listOf(sandboxCardSchema);
export type SandboxCardList = z.infer<typeof sandboxCardListSchema>;

/** POST /payments/sandbox/3ds/{transactionId}: the buyer's choice on the challenge page. */
export const SANDBOX_3DS_DECISIONS = ['approve', 'reject'] as const;

// The challenge page and its form answer HTML, not JSON: plain routes outside this table.
export const paymentEndpoints = defineEndpoints('', {
  getPaymentConfig: {
    method: 'GET',
    path: '/payments/config',
    summary: 'Proveedor de tarjetas y su clave pública, para el formulario de pago',
    tags: ['payments'],
    response: paymentConfigSchema,
    status: 200,
    session: 'none',
    errors: [],
  },
  listSandboxCards: {
    method: 'GET',
    path: '/payments/sandbox/cards',
    summary: 'Tarjetas de prueba del proveedor sandbox (404 con otro proveedor)',
    tags: ['payments'],
    response: sandboxCardListSchema,
    status: 200,
    session: 'none',
    errors: ['NOT_FOUND'],
  },
} as const satisfies Record<string, EndpointDefinition>);
