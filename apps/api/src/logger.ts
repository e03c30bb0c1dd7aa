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
  'viewer_token',
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
 * Path parameters whose value is a bearer secret: whoever reads it can use it
 * (decision 0060). Redacted by position in the route's pattern, so an encoded,
 * lower-case or otherwise odd spelling goes too. Every parameter of the
 * contract is either here or in PUBLIC_PATH_PARAMS (log-bearer-values.test.ts).
 */
export const SECRET_PATH_PARAMS = [
  /** A ticket code (activation, QR image) or a promo code. */
  'code',
  /** The e-mail verification link's one-time token. */
  'token',
  /** The browser's cart session. */
  'sessionID',
] as const;

/** Ids of rows: useless without the session that may read them, and what an operator searches by. */
export const PUBLIC_PATH_PARAMS = [
  'id',
  'channelId',
  'messageId',
  'muteId',
  'pollId',
  'showId',
  'ticketId',
  'userId',
  'viewerId',
] as const;

/**
 * Query keys whose value is a bearer secret or personal data, on every route:
 * the cart session, signed-URL signatures, the order e-mail's `t=`, a session
 * token on the realtime upgrade, an access code or password, the player's
 * device token, the mobile chat link's `s=` (valid 12 h), a password show's viewer
 * token (decision 0063), a national ID, an e-mail, and the searches an organiser
 * types (a buyer's e-mail, name or DPI).
 */
export const SECRET_QUERY_KEYS = [
  'session_id',
  'sig',
  't',
  'token',
  'code',
  'device',
  's',
  'viewer_token',
  'dpi',
  'email',
  'q',
  'actor',
] as const;

/** Filters, pages, ids and formats: nothing a reader could use or learn a person from. */
export const PUBLIC_QUERY_KEYS = [
  'action',
  'active',
  'billboard',
  'color',
  'date_uid',
  'entity_id',
  'entity_type',
  'field',
  'filename',
  'filter',
  'format',
  'from',
  'page',
  'page_size',
  'parent',
  'paymentType',
  'payment_type',
  'producer',
  'producer_uid',
  'role',
  'show_uid',
  'sort',
  'status',
  'tags',
  'to',
  'user',
  'viewer',
  'visible',
  'vod',
] as const;

const SECRET_PARAM_SET = new Set<string>(SECRET_PATH_PARAMS);
const SECRET_KEY_SET = new Set<string>(SECRET_QUERY_KEYS);
const REDACTED = '[REDACTED]';

/**
 * For URLs no route matched (a 404, the SPA's pages), the same secrets by
 * their place: the one-time tokens of /auth/email/verify/, /email/verify/ and
 * /password/reset/, the cart session of /cart/{sessionID} and
 * /cart/carts/{sessionID}, a ticket code after /activate/ or /etickets/qr/, a
 * promo code after /promo-codes/.
 */
const TOKEN_IN_PATH = /(\/(?:auth\/)?email\/verify\/|\/password\/reset\/)[^/?#]+/gi;
const CART_SESSION_IN_PATH = /(\/cart\/(?:carts\/)?)(?!orders\b|promo-codes\b|carts\b)[^/?#]+/gi;
const CODE_IN_PATH = /(\/(?:activate|qr|promo-codes)\/)[^/?#]+/gi;

function decoded(value: string): string {
  try {
    return decodeURIComponent(value.replace(/\+/g, ' '));
  } catch {
    return value;
  }
}

/** The path with the segments that the route's pattern names as secret replaced. */
function redactByRoute(path: string, route: string): string {
  if (route.includes('*')) return path;
  const trailing = path.length > 1 && path.endsWith('/') ? '/' : '';
  const segments = (trailing ? path.slice(0, -1) : path).split('/');
  const pattern = route.split('/');
  if (segments.length !== pattern.length) return path;
  return (
    segments
      .map((segment, i) => {
        const name = /^:(\w+)/.exec(pattern[i] ?? '')?.[1];
        return name && SECRET_PARAM_SET.has(name) ? REDACTED : segment;
      })
      .join('/') + trailing
  );
}

function redactQuery(query: string): string {
  return query
    .split('&')
    .map((pair) => {
      const at = pair.indexOf('=');
      const key = decoded(at === -1 ? pair : pair.slice(0, at));
      return SECRET_KEY_SET.has(key)
        ? `${pair.slice(0, at === -1 ? pair.length : at)}=${REDACTED}`
        : pair;
    })
    .join('&');
}

/**
 * The URL as it may be logged or traced: secret path parameters of the matched
 * route (`route`, Fastify's pattern) and, whatever the route, the secret
 * segments of known places and every secret query value are `[REDACTED]`.
 */
export function redactUrl(url: string, route?: string): string {
  const at = url.indexOf('?');
  let path = at === -1 ? url : url.slice(0, at);
  if (route) path = redactByRoute(path, route);
  path = path
    .replace(TOKEN_IN_PATH, `$1${REDACTED}`)
    .replace(CART_SESSION_IN_PATH, `$1${REDACTED}`)
    .replace(CODE_IN_PATH, `$1${REDACTED}`);
  return at === -1 ? path : `${path}?${redactQuery(url.slice(at + 1))}`;
}

/** A request's URL as it may be logged: by its route's pattern when one matched. */
export function redactRequestUrl(request: {
  url: string;
  routeOptions?: { url?: string | undefined };
}): string {
  return redactUrl(request.url, request.routeOptions?.url);
}

interface LoggedRequest {
  method?: string;
  url?: string;
  routeOptions?: { url?: string | undefined };
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
      // Fastify's own request serializer, with the URL's secrets removed by route (0060).
      req: (req: LoggedRequest) => ({
        method: req.method,
        url: typeof req.url === 'string' ? redactUrl(req.url, req.routeOptions?.url) : req.url,
        version: req.headers?.['accept-version'],
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
  };
}
