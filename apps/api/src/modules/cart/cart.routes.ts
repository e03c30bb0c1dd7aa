import { cartEndpoints } from '@taquilla/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerEndpoint } from '../../plugins/routes.ts';
import type { CartPromoService } from './cart-promo.service.ts';
import type { CartCaller, CartService } from './cart.service.ts';

const callerOf = (request: FastifyRequest): CartCaller => ({
  userId: request.auth?.userId ?? null,
  ip: request.ip,
});

export function registerCartRoutes(
  app: FastifyInstance,
  deps: { cart: CartService; promos: CartPromoService },
): void {
  const { cart, promos } = deps;
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
  registerEndpoint(app, e.resetCart, ({ params }, request) =>
    cart.reset(params.sessionID, callerOf(request)),
  );
  registerEndpoint(app, e.setCartPayment, ({ params, body }, request) =>
    cart.setPayment(params.sessionID, callerOf(request), body),
  );
  registerEndpoint(app, e.applyPromoCode, ({ params, body }, request) =>
    promos.apply(params.sessionID, callerOf(request), body.code),
  );
  registerEndpoint(app, e.removePromoCode, ({ params }, request) =>
    promos.remove(params.sessionID, callerOf(request), params.code),
  );
  registerEndpoint(app, e.validatePromoCode, ({ body }, request) =>
    promos.validate(request.ip, body),
  );
}
