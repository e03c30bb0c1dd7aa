import { adminChatEndpoints, chatEndpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import { adminContext, registerOrganiserScope } from '../admin/shared/admin.access.ts';
import { watcherOf } from '../player/player.routes.ts';
import type { ChatAdminService } from './chat-admin.service.ts';
import type { ChatLinkService } from './chat-link.service.ts';

/** The mobile chat link, and the organisers' chat moderation and viewer count. */
export async function registerChatRoutes(
  app: FastifyInstance,
  deps: { admin: ChatAdminService; links: ChatLinkService },
): Promise<void> {
  const pub = chatEndpoints;
  registerEndpoint(app, pub.createChatLink, async ({ params, query }, request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return deps.links.issue(params.id, watcherOf(request), query.code ?? null);
  });
  registerEndpoint(app, pub.getChatSession, async ({ params, query }, request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return deps.links.session(params.id, query.s, request.ip);
  });

  // The organiser API, with the /admin guard of its own (401, 440, 403) before the body is parsed.
  await registerOrganiserScope(app, async (admin) => {
    const e = adminChatEndpoints;
    const chat = deps.admin;
    registerEndpoint(admin, e.listChatMessages, ({ params }, request) =>
      chat.listMessages(adminContext(request), params.id),
    );
    registerEndpoint(admin, e.sendChatNotification, ({ params, body }, request) =>
      chat.notify(adminContext(request), params.id, body.message),
    );
    registerEndpoint(admin, e.deleteChatMessage, ({ params }, request) =>
      chat.deleteMessage(adminContext(request), params.id, params.messageId),
    );
    registerEndpoint(admin, e.muteChatViewer, ({ params, body }, request) =>
      chat.mute(adminContext(request), params.id, body),
    );
    registerEndpoint(admin, e.listChatMutes, ({ params }, request) =>
      chat.listMutes(adminContext(request), params.id),
    );
    registerEndpoint(admin, e.unmuteChatViewer, ({ params }, request) =>
      chat.unmute(adminContext(request), params.id, params.muteId),
    );
    registerEndpoint(admin, e.getShowViewers, ({ params }, request) =>
      chat.viewers(adminContext(request), params.id),
    );
  });
}
