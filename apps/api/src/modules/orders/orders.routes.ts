import { CART_SESSION_COOKIE, orderEndpoints } from '@taquilla/contract';
import type { Order } from '@taquilla/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { WithStatus, registerEndpoint } from '../../plugins/routes.ts';
import type { OrderCaller, OrdersService } from './orders.service.ts';

const callerOf = (request: FastifyRequest): OrderCaller => ({
  userId: request.auth?.userId ?? null,
  ip: request.ip,
  browserSession: request.cookies[CART_SESSION_COOKIE] ?? null,
});

function idempotencyKeyOf(request: FastifyRequest): string | null {
  const value = request.headers['idempotency-key'];
  if (value === undefined) return null;
  if (typeof value !== 'string' || value.length < 8 || value.length > 200) {
    throw new AppError('VALIDATION_ERROR', {
      fields: [{ field: 'Idempotency-Key', message: 'Debe tener entre 8 y 200 caracteres' }],
    });
  }
  return value;
}

export function registerOrderRoutes(app: FastifyInstance, deps: { orders: OrdersService }): void {
  const { orders } = deps;
  const e = orderEndpoints;
  registerEndpoint(app, e.createOrder, async ({ body }, request) => {
    const answer = await orders.create(body, callerOf(request), idempotencyKeyOf(request));
    return answer.status === 200
      ? (answer.body as Order)
      : new WithStatus(answer.status, answer.body);
  });
  registerEndpoint(app, e.getOrder, ({ params, query }, request) =>
    orders.get(params.id, callerOf(request), query.t),
  );
  registerEndpoint(app, e.resendTickets, ({ params, query }, request) =>
    orders.resendTickets(params.id, callerOf(request), query.t),
  );
}
