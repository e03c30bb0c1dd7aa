import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { isSitePath } from '@taquilla/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createPageTemplate } from './spa-page.ts';
import type { PageContributor } from './spa-page.ts';
import { appendVary, PreEncoded, sendPreEncoded } from './pre-encoded.ts';
import { sendStreamedPage } from './page-stream.ts';

/**
 * Paths that are never SPA pages, even for a browser (robots.txt and the sitemap: 0069;
 * the share cards, which a browser may open from a preview: 0073).
 */
export const NEVER_SPA =
  /^\/(docs|openapi\.json|health|metrics|realtime|assets|payments\/sandbox\/3ds|storage|etickets|media|robots\.txt|sitemap\.xml|images\/share)(\/|$|\?)/;
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
 * kept (docs/decisions/0037-vanity-paths-and-redirects.md). Each of `contributors`
 * may add to the page for that navigation (its head, its data: PageAdditions); they
 * run side by side, and one that fails leaves the page as built (decision 0069).
 */
export async function registerSpa(
  app: FastifyInstance,
  distDir: string,
  deps: {
    redirects?: SpaRedirects;
    /** Headers of a page answer only: its Content-Security-Policy (decision 0043). */
    pageHeaders?: (request: FastifyRequest) => Record<string, string>;
    /** What each piece adds to a page's HTML (decision 0069). */
    contributors?: readonly PageContributor[];
    /** The page's first GET answers, to put in its HTML (decision 0072). */
    pageData?: (request: FastifyRequest) => SpaPageData | null;
  } = {},
): Promise<boolean> {
  const indexFile = path.join(distDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn({ distDir }, 'SPA build not found; serving the API only');
    return false;
  }
  const page = createPageTemplate(readFileSync(indexFile, 'utf8'));
  const contributors = deps.contributors ?? [];
  // A contributor's failure is its own: the page goes out without its part, never a 500.
  const additionsFor = (request: FastifyRequest) =>
    Promise.all(
      contributors.map((contribute) =>
        Promise.resolve(request)
          .then(contribute)
          .catch((err: unknown) => {
            app.log.error({ err, url: request.url }, 'page addition failed');
            return null;
          }),
      ),
    );
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
    // The page's own answers start at once, beside its head's look-up (decisions 0069, 0072).
    const data = deps.pageData?.(request);
    const html = page.render(await additionsFor(request));
    if (!data) {
      return sendPreEncoded(request, reply, new PreEncoded(html), 'text/html; charset=utf-8');
    }
    // A user's own answers in the page: no shared cache may keep it (decision 0072).
    if (data.isPrivate) {
      reply.header('cache-control', 'private, no-cache');
      appendVary(reply, 'Cookie');
    }
    return sendStreamedPage(request, reply, html, data.script);
  });
  return true;
}
