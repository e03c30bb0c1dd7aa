import type { EndpointDefinition } from './endpoints.ts';

/** Ties a route to its endpoint at compile time only (nothing is stored under it). */
declare const endpointOfRoute: unique symbol;

/**
 * One endpoint as the browser calls it: its method and path, without its schemas
 * (decision 0070). The endpoint's type rides along, so a call through the route is
 * typed by the endpoint's schemas while none of them is in the browser's bundle.
 */
export type EndpointRoute<E extends EndpointDefinition = EndpointDefinition> = {
  readonly method: E['method'];
  readonly path: E['path'];
  readonly operationId: string;
  readonly [endpointOfRoute]?: E;
};

/** The routes of one endpoint table, key for key. */
export type RouteTable<T extends Readonly<Record<string, EndpointDefinition>>> = {
  readonly [K in keyof T]: EndpointRoute<T[K]>;
};

/** The endpoint a route stands for. */
export type EndpointOfRoute<R> = R extends EndpointRoute<infer E> ? E : never;
