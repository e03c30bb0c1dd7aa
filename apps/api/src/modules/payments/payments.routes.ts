import { SANDBOX_3DS_DECISIONS, paymentEndpoints } from '@taquilla/contract';
import type { PaymentConfig } from '@taquilla/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../errors.ts';
import { registerEndpoint } from '../../plugins/routes.ts';
import { SANDBOX_CARDS } from './sandbox.cards.ts';
import type { SandboxGateway } from './sandbox.gateway.ts';
import {
  challengePage,
  decidedPage,
  failedPage,
  invalidDecisionPage,
  notFoundPage,
} from './sandbox.pages.ts';

const CHALLENGE_PATH = '/payments/sandbox/3ds/:transactionId';
const FORM_TYPE = 'application/x-www-form-urlencoded';
const decisionBodySchema = z.object({ decision: z.enum(SANDBOX_3DS_DECISIONS) });

/**
 * The page is framed by the SPA's payment modal (which may be served from
 * another origin in development), so framing is left open: its only actions
 * are the sandbox's own Aprobar/Rechazar buttons. No script may run, forms post
 * only back here, and neither the page nor its URL is cached or sent on.
 */
function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply
    .status(status)
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'",
    )
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-content-type-options', 'nosniff')
    .type('text/html; charset=utf-8')
    .send(html);
}

/**
 * The card form's settings, the sandbox's test-card list and its 3-D Secure
 * challenge. With another provider (`sandbox` null) the sandbox's routes answer 404.
 */
export async function registerPaymentRoutes(
  app: FastifyInstance,
  deps: { sandbox: SandboxGateway | null; paymentConfig: PaymentConfig },
): Promise<void> {
  const { sandbox, paymentConfig } = deps;

  registerEndpoint(app, paymentEndpoints.getPaymentConfig, async () => paymentConfig);

  registerEndpoint(app, paymentEndpoints.listSandboxCards, async () => {
    if (!sandbox) throw new AppError('NOT_FOUND');
    return { items: [...SANDBOX_CARDS] };
  });

  // HTML, not JSON: plain routes kept out of the OpenAPI document.
  await app.register(async (scope) => {
    // The challenge page's forms post url-encoded; only these routes accept it.
    scope.addContentTypeParser(
      FORM_TYPE,
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      },
    );
    const routeOptions = { schema: { hide: true }, config: { public: true } };

    scope.get<{ Params: { transactionId: string } }>(
      CHALLENGE_PATH,
      routeOptions,
      async (request, reply) => {
        const { transactionId } = request.params;
        const challenge = sandbox ? await sandbox.findChallenge(transactionId) : null;
        if (!challenge) return sendHtml(reply, 404, notFoundPage());
        return sendHtml(reply, 200, challengePage(transactionId, challenge));
      },
    );

    scope.post<{ Params: { transactionId: string } }>(
      CHALLENGE_PATH,
      routeOptions,
      async (request, reply) => {
        if (!sandbox) return sendHtml(reply, 404, notFoundPage());
        const parsed = decisionBodySchema.safeParse(request.body);
        if (!parsed.success) return sendHtml(reply, 422, invalidDecisionPage());
        const approved = parsed.data.decision === 'approve';
        try {
          const challenge = await sandbox.decideChallenge(request.params.transactionId, approved);
          if (!challenge) return sendHtml(reply, 404, notFoundPage());
          return sendHtml(reply, 200, decidedPage(approved, challenge.returnUrl));
        } catch (err) {
          request.log.error({ err }, '3-D Secure decision could not be settled');
          return sendHtml(reply, 500, failedPage());
        }
      },
    );
  });
}
