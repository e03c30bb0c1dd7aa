import type { LoggerOptions } from 'pino';
import { requestIdMixin } from './infra/request-context.ts';

/**
 * Secrets never reach the logs: card data, CVV, passwords and tokens are
 * censored wherever they appear up to four levels deep, and so are the
 * headers that carry sessions.
 */
const SECRET_KEYS = [
  'password',
  'newPassword',
  'currentPassword',
  'passwordHash',
  'cc_number',
  'cc_cvv2',
  'cvv',
  'cvc',
  'card_number',
  'token',
  'tokenHash',
  'accessToken',
  'refreshToken',
  'secret',
];

function redactPaths(): string[] {
  const paths = [
    'req.headers.authorization',
    'req.headers.cookie',
    'res.headers["set-cookie"]',
    'headers.authorization',
    'headers.cookie',
  ];
  for (const key of SECRET_KEYS) {
    paths.push(key, `*.${key}`, `*.*.${key}`, `*.*.*.${key}`);
  }
  return paths;
}

/**
 * One-time tokens travel in paths: the API's GET /auth/email/verify/{token}
 * and the SPA pages /email/verify/{token} and /password/reset/{token} that
 * e-mailed links open. The request line is logged without them.
 */
const TOKEN_IN_PATH = /(\/(?:auth\/)?email\/verify\/|\/password\/reset\/)[^/?#]+/gi;
/**
 * Bearer secrets in a path or query: the browser's cart session (`/cart/{sessionID}`,
 * `/cart/carts/{sessionID}`, `?session_id=`), signed-URL signatures (`sig=`), the
 * order e-mail's link (`t=`), a session token on the realtime upgrade (`token=`) and
 * a show's access code or password on the player's calls (`code=`).
 */
const CART_SESSION_IN_PATH = /(\/cart\/(?:carts\/)?)(?!orders\b|promo-codes\b|carts\b)[^/?#]+/gi;
const SECRET_IN_QUERY = /([?&](?:session_id|sig|t|token|code)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url
    .replace(TOKEN_IN_PATH, '$1[REDACTED]')
    .replace(CART_SESSION_IN_PATH, '$1[REDACTED]')
    .replace(SECRET_IN_QUERY, '$1[REDACTED]');
}

interface LoggedRequest {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    // A line written inside a request or a job carries its reqId (decision 0044).
    mixin: requestIdMixin,
    redact: { paths: redactPaths(), censor: '[REDACTED]' },
    serializers: {
      // Fastify's own request serializer, with the URL's tokens removed.
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
        version: req.headers?.['accept-version'],
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
