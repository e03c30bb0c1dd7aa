import { ERRORS } from './error-messages.ts';

/** The one WebSocket endpoint (ARCHITECTURE §5). */
export const REALTIME_PATH = '/realtime';

/**
 * The close of a socket whose session ended (logout, a login elsewhere, a password
 * reset, expiry; decision 0052): the SPA drops the session as on a 401 and does not
 * reconnect with it. 4401 is in the range WebSocket leaves to applications.
 */
export const REALTIME_SESSION_ENDED = {
  code: 4401,
  reason: 'Tu sesión terminó; vuelve a ingresar',
} as const;

/**
 * The close of a socket whose session a login elsewhere ended (the one-live-session
 * rule, 0011; decision 0052). The same person entered from another device or browser:
 * the SPA drops the session as for 4401, and the player shows 001 §4's second-device
 * screen rather than "session ended".
 */
export const REALTIME_SESSION_REPLACED = {
  code: 4409,
  reason: 'Ingresaste desde otro dispositivo o navegador',
} as const;

/**
 * The close of a socket whose viewer lost the show's access it was watching with: the
 * order of the ticket code that gave it was cancelled or refunded (decision 0064). The
 * reason is the Spanish text the player shows instead of "Reconectando…"; the server
 * sends ACCESS_REVOKED_MESSAGES' text for the order's status (at most 123 bytes, as a
 * close reason must be). The SPA reconnects for the other channels it still listens to.
 */
export const REALTIME_ACCESS_REVOKED = {
  code: 4403,
  reason: ERRORS.ACCESS_REVOKED.message,
} as const;

/**
 * The close of a socket that sent more actions than its budget allows (a token bucket
 * per socket: REALTIME_ACTIONS_BURST at once, REALTIME_ACTIONS_PER_SECOND after;
 * decision 0063). The SPA says so and connects again after a longer pause.
 */
export const REALTIME_TOO_MANY_ACTIONS = {
  code: 4429,
  reason: 'Demasiadas acciones seguidas en esta conexión; espera unos segundos',
} as const;

/**
 * The close of a socket past its address's cap of open sockets on one instance
 * (REALTIME_CONNECTIONS_PER_IP; decision 0063). The SPA says so and tries again later.
 */
export const REALTIME_TOO_MANY_CONNECTIONS = {
  code: 4430,
  reason: 'Demasiadas conexiones abiertas desde tu red; cierra otras pestañas',
} as const;
