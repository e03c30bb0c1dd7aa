import { LIVE_WEBHOOK_SIGNATURE_HEADER, LIVE_WEBHOOK_TIMESTAMP_HEADER } from '@taquilla/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LiveWebhooks } from './live-webhooks.service.ts';

const JSON_TYPE = 'application/json';
/** A stream report is a few hundred bytes; Owncast's chat events, when ticked, a few KiB. */
const WEBHOOK_BODY_LIMIT = 64 * 1024;

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/**
 * POST /live/webhooks/mediamtx and /live/webhooks/owncast: media servers'
 * reports. The signature covers the exact bytes sent, so these routes alone
 * keep them; they are the media servers' endpoints, not the clients', and stay
 * out of the OpenAPI document (decision 0024 documents them).
 */
export async function registerLiveWebhookRoutes(
  app: FastifyInstance,
  webhooks: LiveWebhooks,
): Promise<void> {
  await app.register(async (scope) => {
    scope.removeContentTypeParser(JSON_TYPE);
    scope.addContentTypeParser(JSON_TYPE, { parseAs: 'buffer' }, (_request, body, done) => {
      done(null, body);
    });
    const options = {
      schema: { hide: true },
      config: { public: true },
      bodyLimit: WEBHOOK_BODY_LIMIT,
    };
    const rawBody = (request: FastifyRequest) =>
      Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);

    scope.post('/live/webhooks/mediamtx', options, async (request) =>
      webhooks.mediamtx(
        rawBody(request),
        {
          timestamp: header(request, LIVE_WEBHOOK_TIMESTAMP_HEADER),
          signature: header(request, LIVE_WEBHOOK_SIGNATURE_HEADER),
        },
        request.ip,
      ),
    );
    scope.post('/live/webhooks/owncast', options, async (request) =>
      webhooks.owncast(rawBody(request), request.query, request.ip),
    );
  });
}
