import type { Config } from '../config.ts';

type TimeoutConfig = Pick<
  Config,
  | 'HTTP_REQUEST_TIMEOUT_SECONDS'
  | 'HTTP_HEADERS_TIMEOUT_SECONDS'
  | 'HTTP_IDLE_TIMEOUT_SECONDS'
  | 'HTTP_KEEP_ALIVE_TIMEOUT_SECONDS'
>;

const ms = (seconds: number) => Math.round(seconds * 1000);

/**
 * Fastify's server options for how long a connection may take
 * (docs/decisions/0066-server-limits-and-safe-redirects.md). Fastify sets
 * requestTimeout and connectionTimeout to 0, which also turns off Node's own
 * request timeout: a client trickling a body kept its connection forever.
 *
 * - requestTimeout and headersTimeout are Node's: a request (or its headers)
 *   still arriving past them gets 408 REQUEST_TIMEOUT (the client error
 *   handler's answer) and its connection is closed. Node checks them every
 *   `connectionsCheckingInterval` (30 s by default), so the check runs at a
 *   quarter of the shorter limit, at most every 5 s: a limit is kept to within a
 *   quarter of itself. Both go in `http` too, because Node checks at creation
 *   that headers fit in the request's time.
 * - connectionTimeout is the socket's idle timeout: no byte either way for
 *   that long and the socket is destroyed.
 * - An upgraded socket (the realtime WebSocket) leaves Node's HTTP parser, so
 *   neither request limit applies to it, and ws sets its idle timeout to 0.
 */
export function serverTimeoutOptions(config: TimeoutConfig) {
  const requestTimeout = ms(config.HTTP_REQUEST_TIMEOUT_SECONDS);
  const headersTimeout = ms(config.HTTP_HEADERS_TIMEOUT_SECONDS);
  return {
    requestTimeout,
    connectionTimeout: ms(config.HTTP_IDLE_TIMEOUT_SECONDS),
    keepAliveTimeout: ms(config.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS),
    http: {
      requestTimeout,
      headersTimeout,
      connectionsCheckingInterval: Math.min(5000, Math.max(50, Math.floor(headersTimeout / 4))),
    },
  };
}
