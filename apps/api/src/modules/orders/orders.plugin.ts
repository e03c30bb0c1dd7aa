import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { Pg } from '../../infra/pg.ts';
import type { SeatChanges } from '../maps/seat-changes.ts';
import type { UploadsService } from '../uploads/uploads.service.ts';
import { orderLinkSecret } from './orders.links.ts';
import { registerOrderRoutes } from './orders.routes.ts';
import { createOrdersService } from './orders.service.ts';
import type { OrdersService } from './orders.service.ts';

/** Checkout and orders at the composition root; the payment gateway comes from registerPayments. */
export function registerOrders(
  app: FastifyInstance,
  deps: {
    config: Config;
    db: Db;
    pg: Pg;
    clock: () => Date;
    seatChanges: Pick<SeatChanges, 'announce'>;
    uploads: Pick<UploadsService, 'copyProofForOrder' | 'discardOrderProof'>;
    tickets: { enqueue(orderId: string): Promise<void>; resend(orderId: string): Promise<void> };
  },
): OrdersService {
  const orders = createOrdersService({
    db: deps.db,
    pg: deps.pg,
    clock: deps.clock,
    payments: app.paymentGateway,
    seatChanges: deps.seatChanges,
    tickets: deps.tickets,
    rateLimiter: app.rateLimiter,
    proofs: {
      // The upload URL was asked for the show page's show: the cart's show or its parent.
      async copyForOrder(link, { showIds, sessionId }) {
        const showId = showIds.find((id) => link.includes(`/proofs/${id}/`));
        if (!showId) throw new AppError('PROOF_LINK_INVALID');
        return deps.uploads.copyProofForOrder(link, { showId, sessionId });
      },
      discard: (key) => deps.uploads.discardOrderProof(key),
    },
    mailer: app.mailer,
    log: app.log,
    publish3ds: (cartId, message) => app.realtime.publish(`cart/${cartId}/3ds`, message),
    publicUrl: deps.config.PUBLIC_URL.replace(/\/+$/, ''),
    linkSecret: orderLinkSecret(deps.config),
    cardFields: deps.config.PAYMENT_PROVIDER === 'stripe' ? 'payment_method' : 'raw',
  });
  app.paymentChallenges.set((decision) => orders.settleChallenge(decision));
  registerOrderRoutes(app, { orders });
  return orders;
}
