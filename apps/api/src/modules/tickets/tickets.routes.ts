import { endpoints } from '@taquilla/contract';
import type { FastifyInstance } from 'fastify';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import { registerEndpoint } from '../../plugins/routes.ts';
import type { TicketsService } from './tickets.service.ts';

export function registerTicketRoutes(
  app: FastifyInstance,
  deps: { tickets: TicketsService; cache: CatalogueCache },
): void {
  const { tickets, cache } = deps;
  // Cached like every catalogue read: real_available is at most
  // CATALOGUE_CACHE_SECONDS old (docs/decisions/0008-ticket-availability.md).
  registerEndpoint(app, endpoints.listTickets, async ({ params, query }) => {
    const types = query.paymentType ? [...new Set(query.paymentType)].sort() : undefined;
    return cache.getEncoded(`tickets:${params.id}:${types?.join('|') ?? '*'}`, () =>
      tickets.listTickets(params.id, types),
    );
  });
  // Never cached: a live page reads it once joined to show-seats/{id} (decision 0079).
  registerEndpoint(app, endpoints.getTicketCounts, ({ params }) => tickets.countTickets(params.id));
}
