import { ROLES, adminPollEndpoints, pollEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { requireRole } from '../../plugins/auth.ts';
import { registerEndpoint } from '../../plugins/routes.ts';
import { adminContext, registerOrganiserScope } from '../admin/shared/admin.access.ts';
import { watcherOf } from '../player/player.routes.ts';
import type { PollsAdminService } from './polls-admin.service.ts';
import type { PollsService } from './polls.service.ts';

/** Answering a poll and reading one's own answer; the organisers' polls. */
export async function registerPollRoutes(
  app: FastifyInstance,
  deps: { polls: PollsService; admin: PollsAdminService },
): Promise<void> {
  const pub = pollEndpoints;
  registerEndpoint(app, pub.answerPoll, ({ params, body }, request) =>
    deps.polls.answerAs(
      params.id,
      {
        watcher: watcherOf(request),
        code: body.code ?? null,
        viewerToken: body.viewer_token ?? null,
      },
      params.pollId,
      body.option_uid,
    ),
  );
  registerEndpoint(app, pub.getOwnPollAnswer, async ({ params }, request, reply) => {
    const auth = requireRole(request, ROLES);
    reply.header('cache-control', 'private, no-store');
    return deps.polls.ownAnswer(params.id, params.pollId, params.userId, auth.userId);
  });

  await registerOrganiserScope(app, async (admin) => {
    const e = adminPollEndpoints;
    registerEndpoint(admin, e.createPoll, ({ params, body }, request) =>
      deps.admin.create(adminContext(request), params.id, body),
    );
    registerEndpoint(admin, e.listPolls, ({ params }, request) =>
      deps.admin.list(adminContext(request), params.id),
    );
    registerEndpoint(admin, e.setPollStatus, ({ params, body }, request) =>
      deps.admin.setStatus(adminContext(request), params.id, params.pollId, body),
    );
  });
}
