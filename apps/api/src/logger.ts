import type { LoggerOptions } from 'pino';

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

export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: redactPaths(), censor: '[REDACTED]' },
  };
}
