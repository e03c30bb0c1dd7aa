/*
 * `@taquilla/contract/plain`: the part of the contract that holds no schema, for the
 * browser (decision 0070). Every endpoint's method and path (`routes.ts`, written from
 * the endpoint tables), the error codes with their Spanish messages, the realtime path
 * and close codes, the roles, the referral cookie, a landing's download link. Nothing here imports zod, so a page that calls the
 * gateway through these routes does not bundle zod nor the schemas; the SPA takes the
 * schemas from the main entry only where it validates what a person typed or tells
 * realtime messages apart, in code that loads later.
 */
export * from './routes.ts';
export * from './error-messages.ts';
export * from './realtime-closes.ts';
export * from './roles.ts';
export * from './referral.ts';
export * from './download-links.ts';
export * from './show-image-variants.ts';
export * from './page-calls.ts';
export type { EndpointOfRoute, EndpointRoute, RouteTable } from './endpoint-route.ts';
