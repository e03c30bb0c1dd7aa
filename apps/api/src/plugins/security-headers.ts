import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';

type CspConfig = Pick<Config, 'PAYMENT_PROVIDER' | 'CSP_MEDIA_ORIGINS' | 'PUBLIC_URL'>;

/** Stripe.js and its frames (decision 0023); only with PAYMENT_PROVIDER=stripe. */
const STRIPE_SCRIPTS = ['https://js.stripe.com', 'https://*.js.stripe.com'];

/** Public files other sites may embed: show images, their share cards (0073), the demo clip. */
const EMBEDDABLE = /^\/(storage\/public|images\/share|media)\//;

/** A Host header fit to be written into a policy (no spaces, quotes or semicolons). */
const PLAIN_HOST = /^[a-z0-9.\-:[\]]+$/i;

/**
 * The SPA's Content-Security-Policy (decision 0043). Scripts come only from
 * this site (and Stripe's with the Stripe provider), with WebAssembly for the
 * door scanner; styles only from this site's stylesheets (React's `style` prop
 * writes the CSSOM, which a policy does not restrict); images, video and the
 * requests hls.js makes may come from any https host, since organisers type
 * those addresses; the realtime socket is this host's own.
 */
export function spaContentSecurityPolicy(config: CspConfig, request: FastifyRequest): string {
  const isStripe = config.PAYMENT_PROVIDER === 'stripe';
  const isHttps = new URL(config.PUBLIC_URL).protocol === 'https:';
  const media = config.CSP_MEDIA_ORIGINS;
  const host = request.host;
  // This host's own socket, spelt as a browser would (no default port).
  const socket = PLAIN_HOST.test(host)
    ? [new URL(`${request.protocol === 'https' ? 'wss' : 'ws'}://${host}`).origin]
    : [];
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  const directives: [string, string[]][] = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...(isStripe ? STRIPE_SCRIPTS : [])]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'data:', 'blob:', 'https:', ...media]],
    ['media-src', ["'self'", 'blob:', 'https:', ...media]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...socket, 'https:', ...media]],
    // The 3-D Secure page: the sandbox's on PUBLIC_URL; with Stripe, its frames
    // and then the card issuer's page, on whatever host the bank uses.
    ['frame-src', ["'self'", publicOrigin, ...(isStripe ? ['https:'] : [])]],
    ['worker-src', ["'self'", 'blob:']],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['frame-ancestors', ["'self'"]],
    ['form-action', ["'self'"]],
  ];
  const policy = directives.map(([name, sources]) => `${name} ${[...new Set(sources)].join(' ')}`);
  if (isHttps) policy.push('upgrade-insecure-requests');
  return policy.join('; ');
}

/**
 * The API document's page, `/docs` (Swagger UI; decision 0066): its scripts and
 * stylesheets are files of this site, its icons `data:` images, "Try it out"
 * calls this site. No other site may frame it (`frame-ancestors 'none'`, and
 * X-Frame-Options for browsers that read only that), nor the SPA: it has no use
 * for the document.
 */
export function docsPageHeaders(config: Pick<Config, 'PUBLIC_URL'>): Record<string, string> {
  const isHttps = new URL(config.PUBLIC_URL).protocol === 'https:';
  const policy = [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(isHttps ? ['upgrade-insecure-requests'] : []),
  ];
  return { 'content-security-policy': policy.join('; '), 'x-frame-options': 'DENY' };
}

/** Headers of the SPA's HTML answers only. */
export type PageHeaders = (request: FastifyRequest) => Record<string, string>;

/**
 * Helmet's headers on every answer (decision 0043): nosniff, a same-origin
 * opener and resource policy, no Referer from JSON answers (spa.ts sets each
 * page's own), no X-Powered-By, and HSTS only when PUBLIC_URL is https (a
 * browser ignores it over http anyway, and a local http deployment must not
 * pin itself). The Content-Security-Policy and X-Frame-Options belong to the
 * SPA's pages (`pageHeaders`): a JSON answer runs nothing, and the payment
 * sandbox's 3-D Secure page sets its own policy and is framed by the SPA.
 * Register before the SPA's hook, which answers pages in onRequest.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  deps: { config: Config },
): Promise<PageHeaders> {
  const { config } = deps;
  const isHttps = new URL(config.PUBLIC_URL).protocol === 'https:';
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: false,
    xFrameOptions: false,
    strictTransportSecurity:
      isHttps && config.HSTS_MAX_AGE_SECONDS > 0
        ? { maxAge: config.HSTS_MAX_AGE_SECONDS, includeSubDomains: false }
        : false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    referrerPolicy: { policy: 'no-referrer' },
  });
  app.addHook('onRequest', async (request, reply) => {
    if (EMBEDDABLE.test(request.url)) reply.header('cross-origin-resource-policy', 'cross-origin');
  });
  return (request) => ({
    'content-security-policy': spaContentSecurityPolicy(config, request),
    'x-frame-options': 'SAMEORIGIN',
  });
}
