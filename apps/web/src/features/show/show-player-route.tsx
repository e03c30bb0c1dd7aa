import type { ComponentType } from 'react';
import { Navigate, useLocation, useParams } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { landingTemplateOf } from '@taquilla/domain';
import { RouteLoading } from '../../components/route-loading';
import { showPlayerPath } from '../../components/shows/show-presentation';
import { useShow } from './api/use-show';
import { ResolvedShow } from './resolved-show';

export type PlayerVariant = 'player' | 'full';

/**
 * The player feature's page, handed in by the route table (features never import each
 * other). `resolved` is the show a vanity address resolved to, with the addresses the
 * player links back to; without it the player reads `/shows/:id`.
 */
export type ShowPlayerProps = {
  variant: PlayerVariant;
  resolved?: { showId: string; pagePath: string; playerPath: string };
  /** The show as this route read it: the player draws it at once (decision 0075). */
  show?: Show | null;
};
export type ShowPlayer = ComponentType<ShowPlayerProps>;

/**
 * /shows/:id/player and /shows/:id/full: a show with a vanity path plays at
 * /{path}/player, keeping the query string (`?code=`, `?activated=1`; 002 §2.2). Any
 * other show, and any failure to read it, is the player's own business.
 */
export function ShowPlayerRoute({
  variant,
  Player,
}: {
  variant: PlayerVariant;
  Player: ShowPlayer;
}) {
  const { id = '' } = useParams();
  const { search } = useLocation();
  const show = useShow(id);
  if (show.status === 'loading') return <RouteLoading />;
  if (show.status === 'success' && show.data.path) {
    return <Navigate to={`${showPlayerPath(show.data)}${search}`} replace />;
  }
  return <Player variant={variant} show={show.status === 'success' ? show.data : null} />;
}

/** `/a/b/player/` → `/a/b`. */
function pagePathOf(pathname: string): string {
  return pathname.replace(/\/+$/, '').replace(/\/player$/, '');
}

/**
 * /:path/player and /:path/:sub/player (002 §2.2): the player of the show the vanity
 * address resolves to, a film's in its `full` variant (the film alone, "Ver película").
 */
export function VanityPlayerPage({ Player }: { Player: ShowPlayer }) {
  const { path = '', sub } = useParams();
  const { pathname } = useLocation();
  const pagePath = pagePathOf(pathname);
  return (
    <ResolvedShow
      address={sub === undefined ? { path } : { path, sub }}
      loading={<RouteLoading />}
      redirectTo={(to) => `${to}/player`}
    >
      {({ show }) => (
        <Player
          key={show._id}
          variant={landingTemplateOf(show.settings) === 'film' ? 'full' : 'player'}
          resolved={{ showId: show._id, pagePath, playerPath: `${pagePath}/player` }}
          show={show}
        />
      )}
    </ResolvedShow>
  );
}
