import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import type { SeoService } from './seo.service.ts';
import { SHARE_CARD, SHARE_CARD_PREFIX, SHARE_CARD_VERSION } from './share-card.rules.ts';
import type { ShareCardService } from './share-card.service.ts';

/** Files of the site, not calls of the gateway: outside the contract and its document. */
const SITE_FILE = { schema: { hide: true }, config: { public: true } };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

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

/**
 * GET /images/share/{show}/{version}.jpg (decision 0073): a show's share card, public,
 * whatever the Accept header (NEVER_SPA). Its address changes with what it draws, so
 * the current version is cached for a year; another version moves to the current one.
 */
export function registerShareCardRoutes(
  app: FastifyInstance,
  deps: { cards: ShareCardService },
): void {
  app.get(`${SHARE_CARD_PREFIX}:show/:file`, SITE_FILE, async (request, reply) => {
    const { show, file } = request.params as { show: string; file: string };
    const version = file.endsWith('.jpg') ? file.slice(0, -'.jpg'.length) : '';
    if (!UUID.test(show) || !SHARE_CARD_VERSION.test(version)) throw new AppError('NOT_FOUND');
    const answer = await deps.cards.answer(show, version);
    if (answer.kind === 'moved') {
      return reply.header('cache-control', 'no-cache').redirect(answer.location, 302);
    }
    const etag = `"${answer.version}"`;
    reply
      .header('etag', etag)
      .header(
        'cache-control',
        answer.isLasting ? 'public, max-age=31536000, immutable' : 'public, max-age=600',
      );
    if (request.headers['if-none-match'] === etag) {
      if (!Buffer.isBuffer(answer.body)) answer.body.destroy();
      return reply.code(304).send();
    }
    return reply
      .type(SHARE_CARD.type)
      .header('content-length', String(answer.size))
      .header('content-disposition', 'inline')
      .send(answer.body);
  });
}
