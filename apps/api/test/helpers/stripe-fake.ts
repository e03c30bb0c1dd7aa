import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Stripe's test PaymentMethods this fake knows (the names Stripe itself gives
 * them), and one of its own for an outage.
 */
export const FAKE_PAYMENT_METHODS = {
  approved: 'pm_card_visa',
  threeDSecure: 'pm_card_threeDSecure2Required',
  insufficientFunds: 'pm_card_chargeDeclinedInsufficientFunds',
  /** Answers 500 `api_error` (and tells the SDK not to retry). */
  outage: 'pm_fake_apiError',
} as const;

/** One request as the SDK sent it: form-encoded parameters, flat (`metadata[order_id]`). */
export interface StripeFakeRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
}

interface Answer {
  status: number;
  body: object;
  headers?: Record<string, string>;
}

export interface StripeFake {
  /** For STRIPE_API_BASE. */
  url: string;
  requests: StripeFakeRequest[];
  /** The PaymentIntents it made, by id. */
  intents: Map<string, Record<string, unknown>>;
  /** Holds every answer back until the returned function is called (a slow Stripe). */
  pause(): () => void;
  close(): Promise<void>;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

const stripeError = (status: number, error: object): Answer => ({ status, body: { error } });

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * A local stand-in for api.stripe.com with only what the `stripe` provider
 * calls: `POST /v1/payment_intents` (create and confirm) and `POST /v1/refunds`.
 * Like Stripe, it replays its first answer to a repeated Idempotency-Key.
 */
export async function startStripeFake(): Promise<StripeFake> {
  const requests: StripeFakeRequest[] = [];
  const intents = new Map<string, Record<string, unknown>>();
  const replies = new Map<string, Answer>();
  let url = '';
  let gate: Promise<void> | null = null;

  function createIntent(params: Record<string, string>): Answer {
    const id = newId('pi');
    const intent: Record<string, unknown> = {
      id,
      object: 'payment_intent',
      amount: Number(params.amount),
      currency: params.currency,
      payment_method: params.payment_method,
      metadata: { order_id: params['metadata[order_id]'] },
      latest_charge: null,
      next_action: null,
      livemode: false,
    };
    switch (params.payment_method) {
      case FAKE_PAYMENT_METHODS.approved:
        Object.assign(intent, { status: 'succeeded', latest_charge: newId('ch') });
        break;
      case FAKE_PAYMENT_METHODS.threeDSecure:
        Object.assign(intent, {
          status: 'requires_action',
          next_action: {
            type: 'redirect_to_url',
            redirect_to_url: { url: `${url}/3ds/${id}`, return_url: params.return_url },
          },
        });
        break;
      case FAKE_PAYMENT_METHODS.insufficientFunds:
        Object.assign(intent, { status: 'requires_payment_method', latest_charge: newId('ch') });
        intents.set(id, intent);
        return stripeError(402, {
          type: 'card_error',
          code: 'card_declined',
          decline_code: 'insufficient_funds',
          message: 'Your card has insufficient funds.',
          charge: intent.latest_charge,
          payment_intent: intent,
        });
      case FAKE_PAYMENT_METHODS.outage:
        return {
          status: 500,
          headers: { 'stripe-should-retry': 'false' },
          body: { error: { type: 'api_error', message: 'Something went wrong on our end.' } },
        };
      default:
        return stripeError(400, {
          type: 'invalid_request_error',
          code: 'resource_missing',
          param: 'payment_method',
          message: `No such PaymentMethod: '${params.payment_method}'`,
        });
    }
    intents.set(id, intent);
    return { status: 200, body: intent };
  }

  function createRefund(params: Record<string, string>): Answer {
    const intent = intents.get(params.payment_intent ?? '');
    if (!intent || intent.status !== 'succeeded') {
      return stripeError(400, {
        type: 'invalid_request_error',
        code: 'resource_missing',
        param: 'payment_intent',
        message: `No such payment_intent: '${params.payment_intent}'`,
      });
    }
    return {
      status: 200,
      body: {
        id: newId('re'),
        object: 'refund',
        amount: Number(params.amount ?? intent.amount),
        currency: intent.currency,
        payment_intent: intent.id,
        status: 'succeeded',
      },
    };
  }

  function route(request: StripeFakeRequest): Answer {
    if (!request.authorization?.startsWith('Bearer sk_')) {
      return stripeError(401, { type: 'invalid_request_error', message: 'Invalid API Key' });
    }
    if (request.method === 'POST' && request.path === '/v1/payment_intents') {
      return createIntent(request.params);
    }
    if (request.method === 'POST' && request.path === '/v1/refunds') {
      return createRefund(request.params);
    }
    return stripeError(404, {
      type: 'invalid_request_error',
      message: `Unrecognized request URL (${request.method}: ${request.path})`,
    });
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const raw = await readBody(req);
    const header = (name: string) => {
      const value = req.headers[name];
      return typeof value === 'string' ? value : null;
    };
    const request: StripeFakeRequest = {
      method: req.method ?? 'GET',
      path: new URL(req.url ?? '/', 'http://fake').pathname,
      params: Object.fromEntries(new URLSearchParams(raw)),
      idempotencyKey: header('idempotency-key'),
      authorization: header('authorization'),
    };
    requests.push(request);
    if (gate) await gate;
    const replayKey = request.idempotencyKey && `${request.path} ${request.idempotencyKey}`;
    const replayed = replayKey ? replies.get(replayKey) : undefined;
    const answer = replayed ?? route(request);
    if (replayKey && !replayed) replies.set(replayKey, answer);
    res.writeHead(answer.status, {
      'content-type': 'application/json',
      'request-id': newId('req'),
      ...(replayed ? { 'idempotent-replayed': 'true' } : {}),
      ...answer.headers,
    });
    res.end(JSON.stringify(answer.body));
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: String(err) } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    requests,
    intents,
    pause() {
      let resume = () => {};
      gate = new Promise<void>((resolve) => {
        resume = () => {
          gate = null;
          resolve();
        };
      });
      return resume;
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
