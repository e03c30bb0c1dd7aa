import type { Db } from '../../infra/db.ts';
import { NEVER_PUBLIC } from './shows.service.ts';
import { findShowRedirectRow } from './show-redirects.repo.ts';

/** `/shows/{uuid}`, `/player`, `/full` or `/quicklink`, an optional trailing slash, the query. */
const OLD_SHOW_URL =
  /^\/shows\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(\/player|\/full|\/quicklink)?\/?(\?.*)?$/i;

/**
 * Where a browser's navigation to an old show URL goes instead (002 §2.2;
 * docs/decisions/0037-vanity-paths-and-redirects.md), or null to serve the
 * page as it is:
 *
 * - a show with a vanity path: `/shows/{id}` → `/{path}`; its `/player` and
 *   `/full` → `/{path}/player`;
 * - a child date (`settings.is_show_date`): `/shows/{id}` → its parent's page
 *   (`/{path}`, else `/shows/{parent}`); `/quicklink` → the parent's quick link.
 *
 * The query string goes along exactly as it came (an access `code`, `utm_*`).
 * A draft (NEW) is never revealed: no redirect names its path or its parent.
 */
export function createShowRedirects(deps: { db: Db }) {
  return {
    async locationFor(url: string): Promise<string | null> {
      const match = OLD_SHOW_URL.exec(url);
      if (!match) return null;
      const [, id = '', page = '', query = ''] = match;
      const show = await findShowRedirectRow(deps.db, id.toLowerCase());
      if (!show || show.status === NEVER_PUBLIC) return null;
      if (show.is_show_date && show.parent_id) {
        if (show.parent_status === NEVER_PUBLIC) return null;
        if (page === '') {
          return (show.parent_path ? `/${show.parent_path}` : `/shows/${show.parent_id}`) + query;
        }
        return page === '/quicklink' ? `/shows/${show.parent_id}/quicklink${query}` : null;
      }
      if (!show.path) return null;
      if (page === '') return `/${show.path}${query}`;
      return page === '/player' || page === '/full' ? `/${show.path}/player${query}` : null;
    },
  };
}

export type ShowRedirects = ReturnType<typeof createShowRedirects>;
