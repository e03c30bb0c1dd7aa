import { showImageVariants } from '@taquilla/contract';
import {
  isReservedPath,
  LANDING_TEMPLATE_MODULES,
  landingTemplateOf,
  NARROW_IMAGE_MEDIA,
  pageHeroImage,
  playerStageImage,
  ROUTE_MODULES,
  SHOW_ROUTE_MODULE,
} from '@taquilla/domain';
import type { PageHeroImage, RoutePage } from '@taquilla/domain';
import type { FastifyRequest } from 'fastify';
import { escapeHtml } from '../../plugins/html.ts';
import type { ChunkPreloads } from '../../plugins/spa-chunks.ts';
import type { PageAdditions, PageContributor } from '../../plugins/spa-page.ts';
import { isDraftPage } from '../seo/seo.rules.ts';

/** Where the landing templates' modules are, in the SPA's sources. */
const TEMPLATES_DIR = 'src/features/show/templates';
/** The width from which a banner's wide picture is drawn (the opposite of NARROW_IMAGE_MEDIA). */
const WIDE_IMAGE_MEDIA = '(min-width: 900px)';

/** What a page's preloads need of the show it names (seo.repo's PageShow has it). */
export type PreloadShow = Parameters<typeof isDraftPage>[0] & Parameters<typeof pageHeroImage>[0];

/** A show page's address and its show (null: no such show), or null for any other page. */
export type ShowOfPage = (url: string) => Promise<{ show: PreloadShow | null } | null>;

/** The template's module key in the build's manifest. */
export const templateModuleOf = (show: Pick<PreloadShow, 'settings'>) =>
  `${TEMPLATES_DIR}/${LANDING_TEMPLATE_MODULES[landingTemplateOf(show.settings)]}.tsx`;

/**
 * One picture as the page's ContentImage will ask for it (apps/web/src/components/
 * content-image.tsx): its WebP copies by `sizes` when it has any, else the picture itself.
 * The browser takes the preloaded answer for the picture only when the address it picks
 * is the one it preloaded, so this follows that component's choice exactly.
 */
function imageLink(src: string, sizes: string, media: string | null): string {
  const copies = showImageVariants(src);
  const mediaAttribute = media ? ` media="${escapeHtml(media)}"` : '';
  if (copies.length === 0) {
    return `<link rel="preload" as="image" href="${escapeHtml(src)}"${mediaAttribute} fetchpriority="high">`;
  }
  const srcset = copies.map((copy) => `${copy.url} ${copy.width}w`).join(', ');
  return (
    `<link rel="preload" as="image" type="image/webp" imagesrcset="${escapeHtml(srcset)}"` +
    ` imagesizes="${escapeHtml(sizes)}"${mediaAttribute} fetchpriority="high">`
  );
}

/** The page's first picture: one link, or one per screen width for an art-directed banner. */
export function heroImageLinks(hero: PageHeroImage): string {
  if (!hero.narrow) return imageLink(hero.src, hero.sizes, null);
  return (
    imageLink(hero.narrow, hero.sizes, NARROW_IMAGE_MEDIA) +
    imageLink(hero.src, hero.sizes, WIDE_IMAGE_MEDIA)
  );
}

/**
 * The page a URL opens among those whose route code is fetched ahead without a look-up,
 * read as the SPA's route table does (routes.tsx): the cart, checkout (a guest's too),
 * and the players (`/shows/{id}/player`, `/shows/{id}/full`, `/{path}/player`,
 * `/{path}/{sub}/player`); null for any other.
 */
export function routePageOf(url: string): RoutePage | null {
  const pathname = (url.split(/[?#]/, 1)[0] ?? '').toLowerCase();
  const segments = pathname.split('/').filter((segment) => segment !== '');
  const [first = '', second, third, fourth] = segments;
  if (first === 'cart') {
    if (segments.length === 1) return 'cart';
    const isCheckout = second === 'checkout' && (third === undefined || third === 'guest');
    return isCheckout && fourth === undefined ? 'checkout' : null;
  }
  if (first === 'shows') {
    return segments.length === 3 && (third === 'player' || third === 'full') ? 'player' : null;
  }
  const last = segments[segments.length - 1];
  const isVanityPlayer = (segments.length === 2 || segments.length === 3) && last === 'player';
  return isVanityPlayer && !isReservedPath(first) ? 'player' : null;
}

/** A player's show page (`/gala/player` → `/gala`, `/shows/x/full` → `/shows/x`). */
export function showPageUrlOfPlayer(url: string): string {
  const pathname = (url.split(/[?#]/, 1)[0] ?? '').replace(/\/+$/, '');
  return pathname.replace(/\/(player|full)$/i, '') || '/';
}

/**
 * A page's preloads (decision 0074). A show page's HTML names the show route's code, the show's
 * template's code and its first picture, so the browser fetches all three beside the entry
 * bundle instead of one after another (entry, then the route, then the template, then the
 * picture, each a round trip on a phone's network). A draft's page shows a stranger only
 * "not found", so it gets the route's code alone. The cart, checkout and the players get
 * their route's code (routePageOf), and a player of a public show the picture its stage
 * draws first (decision 0075); any other page gets nothing.
 */
export function createPagePreloads(deps: {
  chunks: ChunkPreloads;
  showOfPage: ShowOfPage;
}): PageContributor {
  const route = deps.chunks.has(SHOW_ROUTE_MODULE) ? [SHOW_ROUTE_MODULE] : [];
  const routeLinks = (page: RoutePage) =>
    deps.chunks.linksFor(ROUTE_MODULES[page].filter((key) => deps.chunks.has(key)));
  return async (request: FastifyRequest): Promise<PageAdditions | null> => {
    const routePage = routePageOf(request.url);
    if (routePage) {
      let links = routeLinks(routePage);
      if (routePage === 'player') {
        const show = (await deps.showOfPage(showPageUrlOfPlayer(request.url)))?.show;
        const picture = show && !isDraftPage(show) ? playerStageImage(show) : null;
        if (picture) links += heroImageLinks(picture);
      }
      return links ? { head: links } : null;
    }
    const page = await deps.showOfPage(request.url);
    if (!page) return null;
    const showRouteLinks = deps.chunks.linksFor(route);
    const show = page.show;
    if (!show || isDraftPage(show)) {
      return showRouteLinks ? { head: showRouteLinks } : null;
    }
    const template = templateModuleOf(show);
    const templateLinks = deps.chunks.has(template) ? deps.chunks.linksFor([template], route) : '';
    const hero = pageHeroImage(show);
    return { head: showRouteLinks + templateLinks + (hero ? heroImageLinks(hero) : '') };
  };
}
