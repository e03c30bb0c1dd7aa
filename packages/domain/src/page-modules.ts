import type { LandingTemplate } from './landing.ts';

/*
 * Modules of the SPA (apps/web/src, as Vite's build manifest names them) that a page's
 * route loads before the page shows. The server names them in the page's HTML so that a
 * browser fetches them beside the entry bundle, not one round trip after another
 * (decision 0074). The web's tests read routes.tsx and the templates' registry and fail
 * if a module here is not one they load.
 */

/** The module both show routes (/shows/:id and the vanity /:path) load. */
export const SHOW_ROUTE_MODULE = 'src/show-routes.tsx';

/**
 * What other pages' routes load before they draw: the player (its route and page; the
 * chat's panes load beside its first view, decision 0075), the cart, checkout.
 */
export const ROUTE_MODULES = {
  player: ['src/features/show/show-player-route.tsx', 'src/features/player/player-page.tsx'],
  cart: ['src/features/cart/cart-page.tsx'],
  checkout: ['src/features/checkout/checkout-page.tsx'],
} as const;
export type RoutePage = keyof typeof ROUTE_MODULES;

/**
 * The SPA module that draws each template (`src/features/show/templates/{file}.tsx`, loaded
 * by the registry there): the server names it in a show page's HTML so that the
 * browser fetches it with the page's first code (decision 0074). The registry's test
 * (template-modules.test.ts) fails if one is not a module the registry loads.
 */
export const LANDING_TEMPLATE_MODULES: Readonly<Record<LandingTemplate, string>> = {
  show: 'show-template',
  producer: 'producer-template',
  registration: 'registration-template',
  channel: 'channel-template',
  series: 'channel-template',
  podcast: 'podcast-template',
  artist: 'artist-template',
  festival: 'festival-template',
  film: 'film-template',
  lineup: 'lineup-template',
  cast: 'cast-template',
  gallery: 'gallery-template',
  seminar: 'seminar-template',
  telethon: 'telethon-template',
  album: 'album-template',
};
