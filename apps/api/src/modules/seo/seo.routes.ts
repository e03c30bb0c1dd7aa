import type { FastifyInstance } from 'fastify';
import type { SeoService } from './seo.service.ts';

/** Files of the site, not calls of the gateway: outside the contract and its document. */
const SITE_FILE = { schema: { hide: true }, config: { public: true } };

/**
 * GET /robots.txt and GET /sitemap.xml (decision 0069), whatever the Accept header:
 * spa.ts never answers them with the page (NEVER_SPA). Crawlers may keep robots.txt an hour, the sitemap ten minutes.
 */
export function registerSeoRoutes(app: FastifyInstance, deps: { seo: SeoService }): void {
  const { seo } = deps;
  app.get('/robots.txt', SITE_FILE, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', 'public, max-age=3600')
      .send(seo.robotsTxt()),
  );
  app.get('/sitemap.xml', SITE_FILE, async (_request, reply) =>
    reply
      .type('application/xml; charset=utf-8')
      .header('cache-control', 'public, max-age=600')
      .send(await seo.sitemapXml()),
  );
}
