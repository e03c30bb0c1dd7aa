import { ShowPage, VanityPage } from './features/show/show-page';
import { showPageParts } from './show-page-parts';

/*
 * The show page's two routes, /shows/:id and the vanity /:path (decision 0036), with the
 * parts other features hand them. One module, loaded by both routes' `lazy`, so a
 * show page's first view is this module's chunk and what it imports: the first-view
 * budget check measures exactly that (scripts/first-view.mjs, decision 0070).
 */

export function ShowRoute() {
  return <ShowPage parts={showPageParts} />;
}

export function VanityRoute() {
  return <VanityPage parts={showPageParts} />;
}
