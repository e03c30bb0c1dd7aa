import { Link } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { PlayIcon, TicketIcon } from '../../components/icons';
import { showPlayerPath } from '../../components/shows/show-presentation';
import { ShowStatusBadges } from '../../components/shows/show-status-badges';
import { es } from '../../i18n/es';

/** The show's image with its status overlays and, for on-demand shows, a play button. */
export function ShowMedia({ show }: { show: Show }) {
  return (
    <div className="show-media">
      {show.main_image ? (
        <img className="show-media__image" src={show.main_image} alt="" fetchPriority="high" />
      ) : (
        <div className="show-media__placeholder" aria-hidden="true">
          <TicketIcon width={56} height={56} />
        </div>
      )}
      <div className="show-media__badges">
        <ShowStatusBadges show={show} />
      </div>
      {show.settings.vod && (
        <Link
          to={showPlayerPath(show)}
          className="show-media__play"
          aria-label={es.showPage.playShow(show.fullname)}
        >
          <PlayIcon />
        </Link>
      )}
    </div>
  );
}
