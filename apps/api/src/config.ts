import { createHmac } from 'node:crypto';
import { PAYMENT_PROVIDERS } from '@taquilla/contract';
import { z } from 'zod';

const booleanFromString = z
  .enum(['true', 'false', '1', '0'])
  .transform((value) => value === 'true' || value === '1');

/** `https://entradas.example` (no path, query or credentials), in URL's own spelling. */
function isOrigin(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (
    (url.protocol === 'http:' || url.protocol === 'https:') &&
    url.pathname === '/' &&
    !url.search &&
    !url.hash &&
    !url.username &&
    !url.password
  );
}

/** The entries of a comma-separated list; `-` or nothing for none. */
const entriesOf = (value: string) =>
  value.trim() === '-'
    ? []
    : value
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);

/** A comma-separated list of origins (`scheme://host[:port]`), `-` for none; as browsers spell them. */
const originList = z
  .string()
  .default('-')
  .refine((value) => entriesOf(value).every(isOrigin), {
    message: 'usa orígenes como https://entradas.example, separados por comas, o -',
  })
  .transform((value) => entriesOf(value).map((origin) => new URL(origin).origin));

/** A duration in seconds between `min` and `max`; fractions allowed (tests use them). */
const seconds = (min: number, max: number, fallback: number) => {
  const message = `debe ser un número de segundos entre ${min} y ${max}`;
  return z.coerce.number({ message }).min(min, message).max(max, message).default(fallback);
};

/**
 * The environment, parsed once at start-up. Every variable is documented in
 * .env.example; a missing or invalid one stops the process with its name.
 */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().default('http://localhost:3000'),
  /**
   * How many reverse proxies in front of the API to trust for the client's
   * address (X-Forwarded-For). 0 trusts none: with a header anyone can forge,
   * per-IP rate limits would be worthless. Behind one proxy (Caddy, an
   * ingress), 1.
   */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  /**
   * Most seconds a request may take to arrive whole, headers and body (Node's
   * requestTimeout, which Fastify turns off): past it the server answers 408 and
   * closes the connection. 300 lets a 5 MiB deposit proof through a 140 kbit/s
   * phone uplink (docs/decisions/0066-server-limits-and-safe-redirects.md). A
   * WebSocket is not cut by it: an upgraded socket has left the HTTP parser.
   */
  HTTP_REQUEST_TIMEOUT_SECONDS: seconds(1, 3600, 300),
  /** Most seconds the request line and headers may take (Node's headersTimeout); at most the above. */
  HTTP_HEADERS_TIMEOUT_SECONDS: seconds(1, 600, 30),
  /**
   * Seconds a connection may stay silent, no byte either way, before it is closed
   * (Fastify's connectionTimeout, a socket timeout): longer than the slowest
   * answer. A WebSocket is exempt (ws turns the socket's timeout off; its pings
   * keep it alive).
   */
  HTTP_IDLE_TIMEOUT_SECONDS: seconds(1, 3600, 60),
  /**
   * Seconds a kept-alive connection waits for its next request: longer than the
   * load balancer's own idle timeout (60 s on most), so the balancer, never the
   * API, closes an idle connection and no request is sent into a closing one.
   */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: seconds(1, 3600, 72),
  /**
   * Other origins (`https://entradas.example`, comma-separated, `-` for none)
   * whose pages may make cookie-authenticated writes and open the realtime
   * socket, besides PUBLIC_URL's own and the address a request was sent to
   * (docs/decisions/0043-security-headers-and-origin-checks.md).
   */
  ALLOWED_ORIGINS: originList,
  /**
   * Origins of media servers reached over plain http (a local MediaMTX,
   * `http://localhost:8888`) the SPA's Content-Security-Policy lets the player
   * load from; https hosts need no entry.
   */
  CSP_MEDIA_ORIGINS: originList,
  /**
   * Strict-Transport-Security's max-age, sent only when PUBLIC_URL is https
   * (180 days by default; 0 sends none).
   */
  HSTS_MAX_AGE_SECONDS: z.coerce.number().int().min(0).max(63_072_000).default(15_552_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /**
   * The Bearer token GET /metrics asks for (decision 0044). Unset, /metrics
   * answers only direct connections from loopback or private addresses, never
   * a request that came through a proxy.
   */
  METRICS_TOKEN: z.string().min(16, 'debe tener al menos 16 caracteres').optional(),
  /** Seconds /metrics reuses its database and queue figures (holds, orders, queue depths). */
  METRICS_CACHE_SECONDS: z.coerce.number().min(0).max(300).default(10),
  /**
   * OpenTelemetry traces (decision 0049), off by default: an OTLP/HTTP collector's
   * base URL (`http://otel-collector:4318`; spans go to `/v1/traces`) turns them on.
   */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  /** The full traces URL, when it is not the endpoint's `/v1/traces`. */
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: z.url().optional(),
  /** `none` keeps traces off even with an endpoint set. */
  OTEL_TRACES_EXPORTER: z.enum(['otlp', 'none'], { message: 'usa otlp o none' }).default('otlp'),
  /** The service's name in traces; taquilla-api or taquilla-worker by default. */
  OTEL_SERVICE_NAME: z.string().min(1).max(100).optional(),
  /** Share of new traces kept (0 to 1); a caller's sampled `traceparent` is always followed. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce
    .number({ message: 'debe ser un número entre 0 y 1' })
    .min(0, 'debe ser un número entre 0 y 1')
    .max(1, 'debe ser un número entre 0 y 1')
    .default(1),
  /** Milliseconds spans wait in the batch before they are sent. */
  OTEL_BSP_SCHEDULE_DELAY: z.coerce.number().int().min(1).max(600_000).default(5000),
  DATABASE_URL: z.url().refine((url) => /^postgres(ql)?:\/\//.test(url), {
    message: 'debe ser una URL postgresql://',
  }),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /**
   * The worker's scheduling priority (nice, 0–19): on a machine it shares with
   * the API and PostgreSQL, its jobs (ticket codes, e-mails, expiries) give the
   * cores to buyers' requests during an on-sale and catch up right after
   * (decision 0020, "Speed"). 0 for a worker on its own machine or pod.
   */
  WORKER_NICE: z.coerce.number().int().min(0).max(19).default(10),
  /**
   * SIGTERM on the API (decision 0047): seconds readiness answers 503 while the
   * instance still serves, so the load balancer drains it before the listener closes.
   */
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(5),
  /** Seconds the requests in flight may take once the listener closes; then the API exits anyway. */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(600).default(20),
  /**
   * SIGTERM on the worker: seconds its running jobs may take to finish; jobs still
   * running then go back to their queue for another worker (decision 0047).
   */
  WORKER_SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(600).default(20),
  /**
   * How often the worker compares Redis's jobs with the database and puts back
   * what is missing (expiries, schedules, tickets e-mails; decision 0048).
   */
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  /** Prefix of this deployment's Redis channels; defaults to one derived from the database name. */
  REDIS_NAMESPACE: z.string().min(1).max(100).optional(),
  REDIS_URL: z.url().refine((url) => /^rediss?:\/\//.test(url), {
    message: 'debe ser una URL redis://',
  }),
  ADMIN_EMAIL: z.email(),
  ADMIN_PASSWORD: z.string().min(8, 'debe tener al menos 8 caracteres'),
  /** Folder of the built SPA; served on the API's port when it exists. */
  WEB_DIST_DIR: z.string().optional(),
  /**
   * Milliseconds a public page's HTML may wait for its first calls' answers, which it then
   * carries (decision 0072); a call past it is left to the SPA. 0 turns it off.
   */
  PAGE_DATA_BUDGET_MS: z.coerce.number().int().min(0).max(10_000).default(300),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24),
  /**
   * Seconds between each instance's check that the sessions of its realtime sockets
   * are still live (expiry, a lost ending announcement: decision 0052).
   */
  REALTIME_SESSION_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Seconds between each instance's check that the tickets its realtime sockets watch
   * with were not voided by a cancel or refund whose announcement it missed (decision 0064).
   */
  REALTIME_ACCESS_SWEEP_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /**
   * Realtime sockets one address (behind TRUST_PROXY_HOPS) may keep open on one API
   * instance; the next is closed with 4430 (decision 0063). An office or a school
   * watching behind one address needs a socket per open player.
   */
  REALTIME_CONNECTIONS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(50),
  /**
   * Each socket's token bucket (decision 0063): actions (subscribe, setChannel, a chat
   * message, a vote, a ping, anything it sends) it may send at once, and how many a
   * second it earns back. A socket that sends past it is closed with 4429.
   */
  REALTIME_ACTIONS_BURST: z.coerce.number().int().min(1).max(10_000).default(30),
  REALTIME_ACTIONS_PER_SECOND: z.coerce.number().min(0.1).max(10_000).default(5),
  /**
   * Subscriptions one address may make per minute to channels whose show or cart does
   * not exist (each is a database lookup); past it they are refused without one, on
   * every instance (decision 0063).
   */
  REALTIME_UNKNOWN_CHANNELS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Chat messages one address may send per 10 seconds, all its viewers and shows together. */
  CHAT_MESSAGES_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  /** Poll answers one address may send per minute (socket and HTTP together). */
  POLL_ANSWERS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(60),
  /**
   * New viewer tokens (people who enter a password show without an account, decision
   * 0063) one address may get per hour; past it the player plays without chat or polls.
   */
  VIEWER_TOKENS_PER_IP: z.coerce.number().int().min(1).max(100_000).default(30),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('Taquilla <no-responder@taquilla.local>'),
  MAIL_OUTBOX_DIR: z.string().default('var/mail'),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  STORAGE_DIR: z.string().default('var/storage'),
  S3_ENDPOINT: z.string().optional(),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: booleanFromString.default(true),
  /**
   * Signs the local driver's upload and download URLs. Absent, one is derived
   * from ADMIN_PASSWORD and DATABASE_URL so a single machine needs no setup;
   * production sets its own (changing it voids the URLs already handed out).
   */
  STORAGE_SIGNING_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  /** Largest deposit proof accepted, in bytes (5 MiB). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(100 * 1024 * 1024)
    .default(5 * 1024 * 1024),
  /** How long a signed upload URL stays valid (S3 allows at most a week). */
  UPLOAD_URL_TTL_SECONDS: z.coerce.number().int().min(1).max(604_800).default(900),
  PAYMENT_PROVIDER: z.enum(PAYMENT_PROVIDERS).default('sandbox'),
  STRIPE_SECRET_KEY: z.string().optional(),
  /**
   * Stripe.js's key in the browser (`pk_…`), answered to anyone by GET
   * /payments/config. The prefix is checked so that a secret key pasted here by
   * mistake stops the start instead of being published.
   */
  STRIPE_PUBLISHABLE_KEY: z
    .string()
    .regex(/^pk_(test|live)_[A-Za-z0-9]+$/, 'debe ser una clave publicable pk_test_… o pk_live_…')
    .optional(),
  /** Verifies the `Stripe-Signature` of POST /payments/stripe/webhook (`whsec_…`). */
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  /**
   * Where the Stripe SDK sends its requests instead of api.stripe.com: a local
   * fake in the tests, or stripe-mock. Never set in production.
   */
  STRIPE_API_BASE: z.url().optional(),
  /** Signs the order e-mail's links (GET /viewers/orders/{id}?t=); derived when absent. */
  ORDER_LINK_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  /** Signs the mobile chat links (`/shows/{id}/chat?s=…`, decision 0026); derived when absent. */
  CHAT_LINK_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  /**
   * Signs the `login_device` cookie that lets a known browser sign in while
   * strangers' guesses slow its account down (decision 0067); derived when
   * absent. Changing it forgets every known device (nothing else breaks).
   */
  LOGIN_DEVICE_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  /** Signs the viewer tokens of password shows (decision 0063); derived when absent. */
  VIEWER_TOKEN_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  /** Seconds a catalogue read is cached in process (0 turns the cache off). */
  CATALOGUE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).default(5),
  /** Places one client (a user, else an address) may hold at once across carts; 429 past it. */
  CART_HOLD_CAP_PER_CLIENT: z.coerce.number().int().min(1).max(10_000).default(40),
  /**
   * Signs media servers' calls to POST /live/webhooks/{provider} (HMAC-SHA256,
   * docs/decisions/0024-live-control.md). Absent, that route is not served and
   * live channels change only through the organiser API.
   */
  LIVE_WEBHOOK_SECRET: z.string().min(32, 'debe tener al menos 32 caracteres').optional(),
  /**
   * Countries whose visitors may not watch a show that does not name its own
   * (`settings.blocked_countries`): ISO 3166-1 alpha-2 codes separated by
   * commas, `-` for none. Default IN (001 §4 geographic restriction).
   */
  BLOCKED_COUNTRIES: z
    .string()
    .default('IN')
    .transform((value) =>
      value.trim() === '-'
        ? []
        : value
            .split(',')
            .map((code) => code.trim().toUpperCase())
            .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(/^[A-Z]{2}$/, { message: 'usa códigos de país de dos letras (IN,CN) o -' }),
      ),
    ),
});

export type Config = z.infer<typeof configSchema>;

/**
 * This deployment's Redis prefix (rate limits, caches, realtime channels and
 * BullMQ queues): REDIS_NAMESPACE, else one derived from the database name.
 */
export function redisNamespace(config: Pick<Config, 'REDIS_NAMESPACE' | 'DATABASE_URL'>): string {
  return config.REDIS_NAMESPACE ?? `taquilla:${new URL(config.DATABASE_URL).pathname.slice(1)}`;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuración inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export function parseConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (`FOO=`) counts as absent, so defaults apply.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = configSchema.safeParse(present);
  if (result.success) {
    // Node refuses to start a server whose headers may take longer than the whole request.
    if (result.data.HTTP_HEADERS_TIMEOUT_SECONDS > result.data.HTTP_REQUEST_TIMEOUT_SECONDS) {
      throw new ConfigError([
        'HTTP_HEADERS_TIMEOUT_SECONDS: no puede ser mayor que HTTP_REQUEST_TIMEOUT_SECONDS',
      ]);
    }
    return result.data;
  }
  const problems = new Map<string, string>();
  for (const issue of result.error.issues) {
    const name = issue.path.join('.');
    if (problems.has(name)) continue;
    problems.set(name, present[name] === undefined ? 'falta esta variable' : issue.message);
  }
  throw new ConfigError([...problems].map(([name, problem]) => `${name}: ${problem}`));
}

/**
 * A signing secret for one purpose when none is configured: stable on one
 * machine (derived from the admin password and the database), different per
 * purpose. Production sets its own (STORAGE_SIGNING_SECRET, ORDER_LINK_SECRET).
 */
export function derivedSecret(
  config: Pick<Config, 'ADMIN_PASSWORD' | 'DATABASE_URL'>,
  purpose: string,
): string {
  return createHmac('sha256', config.ADMIN_PASSWORD)
    .update(`${purpose}${config.DATABASE_URL}`)
    .digest('hex');
}
