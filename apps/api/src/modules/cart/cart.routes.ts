import { cartEndpoints } from '@taquilla/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import type { CartCaller, CartService } from './cart.service.ts';

const callerOf = (request: FastifyRequest): CartCaller => ({
  userId: request.auth?.userId ?? null,
});

export function registerCartRoutes(app: FastifyInstance, deps: { cart: CartService }): void {
  const { cart } = deps;
  const e = cartEndpoints;
  registerEndpoint(app, e.getCart, ({ params }, request) =>
    cart.getCart(params.sessionID, callerOf(request)),
  );
  registerEndpoint(app, e.addCartItems, ({ params, body }, request) =>
    cart.addItems(params.sessionID, callerOf(request), body),
  );
  registerEndpoint(app, e.removeCartItems, ({ params, body }, request) =>
    cart.removeLines(params.sessionID, callerOf(request), { items: body.items }),
  );
  registerEndpoint(app, e.removeCartSeats, ({ params, body }, request) =>
    cart.removeLines(params.sessionID, callerOf(request), { seats: body.seats }),
  );
}
