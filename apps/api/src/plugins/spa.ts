import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isSitePath } from '@taquilla/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appendVary, PreEncoded, sendPreEncoded } from './pre-encoded.ts';
import { sendStreamedPage } from './page-stream.ts';

/** Paths that are never SPA pages, even for a browser. */
export const NEVER_SPA =
  /^\/(docs|openapi\.json|health|metrics|realtime|assets|payments\/sandbox\/3ds|storage|etickets|media)(\/|$|\?)/;
const TOKEN_PAGE = /^\/(password\/reset|email\/verify)\//;

/** A page's own answers, streamed in before `</body>`; `isPrivate` when they may be the user's. */
export interface SpaPageData {
  isPrivate: boolean;
  script: Promise<string>;
}

/** Old show URLs a navigation is sent away from (a vanity path, a child date's parent). */
export interface SpaRedirects {
  /** The Location for a navigation to `url` (path and query as requested), or null. */
  locationFor(url: string): Promise<string | null>;
}

/**
 * Serves the built SPA on the gateway's own port. The SPA's routes and the
 * gateway's paths overlap (`/shows/{id}` is both a page and an API call), so a
 * GET whose Accept header prefers HTML (a browser navigation) gets index.html
 * and anything else reaches the API. See docs/decisions/0005-one-port.md.
 * A navigation to an old show URL that `redirects` knows (a show's vanity
 * path, a child date's parent) gets a 302 there instead, its query string
 * kept (docs/decisions/0037-vanity-paths-and-redirects.md).
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  deps: {
    redirects?: SpaRedirects;
    /** Headers of a page answer only: its Content-Security-Policy (decision 0043). */
    pageHeaders?: (request: FastifyRequest) => Record<string, string>;
    /** The page's first GET answers, to put in its HTML (decision 0072). */
    pageData?: (request: FastifyRequest) => SpaPageData | null;
  } = {},
): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'SPA build not found; serving the API only');
    return false;
  }
  const indexHtml = readFileSync(indexFile, 'utf8');
  // Compressed once; a page with its own data is compressed as it streams (decision 0072).
  const plainPage = new PreEncoded(indexHtml);
  // A failed look-up serves the page as it is: the SPA shows the show by its id.
  const redirectOf = async (url: string) => {
    const location = await deps.redirects?.locationFor(url).catch((err: unknown) => {
      app.log.error({ err, url }, 'show redirect look-up failed');
      return null;
    });
    if (!location) return null;
    // Built from a stored vanity path, whose schema keeps it to `a-z0-9-`; should a row
    // ever hold `/evil.example`, `//evil.example` would leave the site (decision 0066).
    if (!isSitePath(location)) {
      app.log.error({ url, location }, 'show redirect refused: not a path of this site');
      return null;
    }
    return location;
  };

  await app.register(fastifyStatic, {
    root: distDir,
    prefix: '/',
    wildcard: false,
    index: false,
    maxAge: '1h',
    // The build's .br and .gz copies, by the request's Accept-Encoding (decision 0068);
    // the plain file when the client asks for neither or a copy is missing.
    preCompressed: true,
    setHeaders(reply, filePath) {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) {
        reply.header('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });

  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const accept = request.headers.accept ?? '';
    if (!accept.includes('text/html') || NEVER_SPA.test(request.url)) return;
    reply.header('vary', 'Accept');
    reply.header('cache-control', 'no-cache');
    const location = await redirectOf(request.url);
    if (location) return reply.redirect(location, 302);
    // Pages whose path carries a secret (reset and verification links) never
    // pass it on in a Referer; the rest send only the origin to other sites.
    reply.header(
      'referrer-policy',
      TOKEN_PAGE.test(request.url) ? 'no-referrer' : 'strict-origin-when-cross-origin',
    );
    if (deps.pageHeaders) reply.headers(deps.pageHeaders(request));
    const data = deps.pageData?.(request);
    if (!data) return sendPreEncoded(request, reply, plainPage, 'text/html; charset=utf-8');
    // A user's own answers in the page: no shared cache may keep it (decision 0072).
    if (data.isPrivate) {
      reply.header('cache-control', 'private, no-cache');
      appendVary(reply, 'Cookie');
    }
    return sendStreamedPage(request, reply, indexHtml, data.script);
  });
  return true;
}
