import type { FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

/**
 * Which sites' pages may act with a visitor's cookie (decision 0043): PUBLIC_URL's
 * origin, ALLOWED_ORIGINS, and the origin the request itself was addressed to
 * (its scheme and Host, as trusted through TRUST_PROXY_HOPS). A browser always
 * writes the Host of the site it talks to, so a page of another site never
 * matches the last rule; it keeps `http://127.0.0.1:3000` working beside
 * `http://localhost:3000`, and Vite's proxy in development.
 */
export interface AllowedOrigins {
  /** The configured origins, PUBLIC_URL's first. */
  readonly configured: readonly string[];
  /** The origin a browser would send for a page served in answer to `request`. */
  ownOrigin(request: FastifyRequest): string;
  isAllowed(origin: string, request: FastifyRequest): boolean;
}

export function createAllowedOrigins(
  config: Pick<Config, 'PUBLIC_URL' | 'ALLOWED_ORIGINS'>,
): AllowedOrigins {
  const configured = [...new Set([new URL(config.PUBLIC_URL).origin, ...config.ALLOWED_ORIGINS])];
  const set = new Set(configured);
  // As a browser spells it: lower case, without the scheme's default port.
  const ownOrigin = (request: FastifyRequest) => {
    const origin = `${request.protocol}://${request.host}`;
    return URL.canParse(origin) ? new URL(origin).origin : origin;
  };
  return {
    configured,
    ownOrigin,
    isAllowed: (origin, request) => set.has(origin) || origin === ownOrigin(request),
  };
}

/**
 * The origin of the page that made `request`: its Origin header, else the
 * origin of its Referer; null when it has neither (or only `Origin: null`,
 * which a sandboxed frame or a privacy setting sends).
 */
export function callerOrigin(request: FastifyRequest): string | null {
  const origin = request.headers.origin;
  if (typeof origin === 'string' && origin !== 'null') return origin;
  if (origin === 'null') return null;
  const referer = request.headers.referer;
  if (typeof referer !== 'string' || !URL.canParse(referer)) return null;
  const parsed = new URL(referer);
  return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
}
