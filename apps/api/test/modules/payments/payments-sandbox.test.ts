import { randomUUID } from 'node:crypto';
import {
  CARD_BRANDS,
  CARD_DECLINE_CODES,
  cardDeclineMessage,
  isValidCardNumber,
} from '@taquilla/domain';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { redisNamespace } from '../../../src/config.ts';
import type { ChallengeDecision } from '../../../src/modules/payments/payments.types.ts';
import type { CardCharge } from '../../../src/modules/payments/payments.types.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';

interface CardItem {
  number: string;
  brand: string;
  outcome: 'APPROVED' | '3DS' | 'DECLINED';
  response_code?: string;
}

const CHALLENGE_CARD = '4000000000003220';
// A CVV no log line could hold by chance (no id, time or duration ends in it).
const CVV = '7391';

const chargeOf = (number: string, overrides: Partial<CardCharge> = {}): CardCharge => ({
  orderId: randomUUID(),
  amount: 15_000,
  currency: 'GTQ',
  card: { number, exp: '12/30', cvv: CVV, name: 'Ana López' },
  returnUrl: 'http://localhost:5173/orders/abc?new=1',
  ...overrides,
});

describe('card gateway sandbox', () => {
  let t: TestApp;
  let cards: CardItem[];
  const decisions: ChallengeDecision[] = [];
  const usedNumbers = new Set<string>();

  const charge = (number: string, overrides: Partial<CardCharge> = {}) => {
    usedNumbers.add(number);
    return t.app.paymentGateway.charge(chargeOf(number, overrides));
  };
  const pathOf = (redirect: string) => new URL(redirect).pathname;
  const decide = (path: string, decision: string) =>
    t.app.inject({
      method: 'POST',
      url: path,
      payload: `decision=${decision}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  const challenge = async () => {
    const result = await charge(CHALLENGE_CARD);
    if (result.outcome !== 'CHALLENGE')
      throw new Error(`expected a challenge, got ${result.outcome}`);
    return result;
  };

  beforeAll(async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: 'GET', url: '/payments/sandbox/cards' });
    expect(res.statusCode).toBe(200);
    cards = (res.json() as { items: CardItem[] }).items;
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(() => {
    decisions.length = 0;
    t.app.paymentChallenges.set(async (decision) => {
      decisions.push(decision);
    });
  });

  describe('test card list (GET /payments/sandbox/cards)', () => {
    it('has one card for every decline code of the specification', () => {
      const codes = cards.filter((c) => c.outcome === 'DECLINED').map((c) => c.response_code);
      expect([...codes].sort()).toEqual([...CARD_DECLINE_CODES].sort());
    });

    it('has one approved card per brand and one 3-D Secure card', () => {
      const approved = cards.filter((c) => c.outcome === 'APPROVED').map((c) => c.brand);
      expect(approved.sort()).toEqual([...CARD_BRANDS].sort());
      expect(cards.filter((c) => c.outcome === '3DS')).toEqual([
        expect.objectContaining({ number: CHALLENGE_CARD, brand: 'visa' }),
      ]);
    });

    it('lists only distinct numbers that pass the card check', () => {
      expect(cards.every((c) => isValidCardNumber(c.number))).toBe(true);
      expect(new Set(cards.map((c) => c.number)).size).toBe(cards.length);
    });
  });

  it('documents the card list in /openapi.json, not the HTML challenge pages', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(JSON.stringify(doc.paths['/payments/sandbox/cards'])).toContain(
      '#/components/schemas/SandboxCard',
    );
    expect(Object.keys(doc.paths).filter((p) => p.includes('3ds'))).toEqual([]);
  });

  describe('charges', () => {
    it('approves the approved card of each brand', async () => {
      for (const card of cards.filter((c) => c.outcome === 'APPROVED')) {
        const result = await charge(card.number);
        expect(result).toEqual({
          outcome: 'APPROVED',
          transactionId: expect.stringMatching(/^sbx_[0-9a-f]{24}$/),
          authorization: expect.stringMatching(/^\d{6}$/),
          responseText: expect.any(String),
        });
      }
    });

    it('declines each decline card with its code and the spec’s text', async () => {
      for (const card of cards.filter((c) => c.outcome === 'DECLINED')) {
        const result = await charge(card.number);
        expect(result).toEqual({
          outcome: 'DECLINED',
          transactionId: expect.stringMatching(/^sbx_/),
          responseCode: card.response_code,
          responseText: cardDeclineMessage(card.response_code),
        });
      }
    });

    it('approves any other valid number', async () => {
      expect((await charge('4012888888881881')).outcome).toBe('APPROVED');
      expect((await charge('5105 1051 0510 5100')).outcome).toBe('APPROVED');
    });

    it('declines a number failing the card check with code 14 and no transaction', async () => {
      const result = await charge('4111111111111112');
      expect(result).toEqual({
        outcome: 'DECLINED',
        transactionId: null,
        responseCode: '14',
        responseText: 'La transacción no pudo ser completada. Tarjeta no válida o no soportada.',
      });
    });

    it('never returns the card number or CVV', async () => {
      for (const number of [
        '4111111111111111',
        '4000000000000085',
        CHALLENGE_CARD,
        '4111111111111112',
      ]) {
        const text = JSON.stringify(await charge(number));
        expect(text).not.toContain(number);
        // The CVV as a value of its own: the random authorization (six digits) and
        // transaction id (hex) may hold its four digits inside them by chance.
        expect(text).not.toMatch(new RegExp(`(?<![0-9a-z])${CVV}(?![0-9a-z])`, 'i'));
      }
    });

    it('refuses an amount that is not whole positive minor units', async () => {
      await expect(charge('4111111111111111', { amount: 12.5 })).rejects.toThrow(RangeError);
      await expect(charge('4111111111111111', { amount: 0 })).rejects.toThrow(RangeError);
    });

    it('refunds always succeed', async () => {
      expect(await t.app.paymentGateway.refund('sbx_000000000000000000000000', 100)).toEqual({
        refunded: true,
        responseText: expect.any(String),
      });
    });
  });

  describe('3-D Secure challenge', () => {
    it('answers CHALLENGE with the page’s absolute URL and holds it 15 minutes in Redis', async () => {
      const result = await challenge();
      expect(result.redirect).toBe(
        `${t.config.PUBLIC_URL}/payments/sandbox/3ds/${result.transactionId}`,
      );
      const key = `${redisNamespace(t.config)}:sandbox3ds:${result.transactionId}`;
      expect(JSON.parse((await t.redis.get(key)) ?? 'null')).toMatchObject({
        amount: 15_000,
        currency: 'GTQ',
      });
      const ttl = await t.redis.ttl(key);
      expect(ttl).toBeGreaterThan(890);
      expect(ttl).toBeLessThanOrEqual(900);
    });

    it('renders the challenge page with the amount and both buttons, frameable', async () => {
      const result = await challenge();
      const res = await t.app.inject({ method: 'GET', url: pathOf(result.redirect) });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['x-frame-options']).toBeUndefined();
      expect(res.body).toContain('Verificación 3-D Secure (sandbox)');
      expect(res.body).toContain('Q 150.00');
      expect(res.body).toContain('>Aprobar</button>');
      expect(res.body).toContain('>Rechazar</button>');
      expect(res.body).toContain(`action="/payments/sandbox/3ds/${result.transactionId}"`);
      expect(res.body).toContain('terminada en 3220');
      expect(res.body).not.toContain(CHALLENGE_CARD);
    });

    it('approving reports the decision once; a second answer is a 404', async () => {
      const result = await challenge();
      const path = pathOf(result.redirect);
      const first = await decide(path, 'approve');
      expect(first.statusCode).toBe(200);
      expect(first.body).toContain('Listo, puedes cerrar esta ventana');
      expect(decisions).toEqual([
        { transactionId: result.transactionId, orderId: expect.any(String), approved: true },
      ]);

      const second = await decide(path, 'approve');
      expect(second.statusCode).toBe(404);
      expect(second.headers['content-type']).toContain('text/html');
      expect(decisions).toHaveLength(1);
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    });

    it('rejecting reports approved false', async () => {
      const orderId = randomUUID();
      const result = await charge(CHALLENGE_CARD, { orderId });
      if (result.outcome !== 'CHALLENGE') throw new Error('expected a challenge');
      const res = await decide(pathOf(result.redirect), 'reject');
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('Pago rechazado');
      expect(decisions).toEqual([
        { transactionId: result.transactionId, orderId, approved: false },
      ]);
    });

    it('two simultaneous clicks decide once', async () => {
      const path = pathOf((await challenge()).redirect);
      const answers = await Promise.all([decide(path, 'approve'), decide(path, 'reject')]);
      expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 404]);
      expect(decisions).toHaveLength(1);
    });

    it('keeps the challenge pending when the decision cannot be settled', async () => {
      t.app.paymentChallenges.set(async () => {
        throw new Error('orders unavailable');
      });
      const path = pathOf((await challenge()).redirect);
      const failed = await decide(path, 'approve');
      expect(failed.statusCode).toBe(500);
      expect(failed.body).toContain('No fue posible registrar tu respuesta');
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);

      t.app.paymentChallenges.set(async (decision) => {
        decisions.push(decision);
      });
      expect((await decide(path, 'approve')).statusCode).toBe(200);
      expect(decisions).toHaveLength(1);
    });

    it('answers 404 for an unknown challenge and 422 for an unknown decision', async () => {
      const unknown = '/payments/sandbox/3ds/sbx_0123456789abcdef01234567';
      expect((await t.app.inject({ method: 'GET', url: unknown })).statusCode).toBe(404);
      expect((await decide(unknown, 'approve')).statusCode).toBe(404);
      expect(
        (await t.app.inject({ method: 'GET', url: '/payments/sandbox/3ds/x' })).statusCode,
      ).toBe(404);
      const path = pathOf((await challenge()).redirect);
      expect((await decide(path, 'maybe')).statusCode).toBe(422);
      expect(decisions).toEqual([]);
    });

    it('accepts url-encoded forms on these routes only', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: 'email=a%40b.gt&password=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(res.statusCode).toBe(415);
    });
  });

  it('never logs a card number or CVV, only brand and last four', () => {
    const logs = t.logs.join('\n');
    expect(logs).toContain('"last4":"3220"');
    expect(usedNumbers.size).toBeGreaterThan(20);
    for (const number of usedNumbers) {
      const digits = number.replace(/\D/g, '');
      expect(logs).not.toContain(digits);
      expect(logs).not.toContain(number);
    }
    expect(logs).not.toMatch(new RegExp(`(?<![\\d.])${CVV}(?!\\d)`));
  });
});

describe('card gateway with another provider', () => {
  let t: TestApp;
  let stripe: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    stripe = await createTestApp({ database: t.database, config: { PAYMENT_PROVIDER: 'stripe' } });
  });
  afterAll(async () => {
    await stripe.close();
    await t.close();
  });

  it('hides the sandbox routes with 404', async () => {
    const res = await stripe.app.inject({ method: 'GET', url: '/payments/sandbox/cards' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: 'NOT_FOUND', message: expect.any(String) });
    const page = await stripe.app.inject({
      method: 'GET',
      url: '/payments/sandbox/3ds/sbx_0123456789abcdef01234567',
    });
    expect(page.statusCode).toBe(404);
  });

  it('says clearly that the provider is not configured when used', async () => {
    expect(stripe.app.paymentGateway.provider).toBe('stripe');
    await expect(stripe.app.paymentGateway.charge(chargeOf('4111111111111111'))).rejects.toThrow(
      /stripe.*no está disponible/,
    );
  });
});
