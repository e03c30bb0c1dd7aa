import { Link } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { HERO_IMAGE_SIZES } from '@taquilla/domain';
import { PlayIcon } from '../../components/icons';
import { ShowImage } from '../../components/shows/show-image';
import { showPlayerPath } from '../../components/shows/show-presentation';
import { ShowStatusBadges } from '../../components/shows/show-status-badges';
import { es } from '../../i18n/es';

/** The show's image with its status overlays and, for on-demand shows, a play button. */
export function ShowMedia({ show }: { show: Show }) {
  return (
    <div className="show-media">
      <ShowImage
        src={show.main_image}
        imageClassName="show-media__image"
        placeholderClassName="show-media__placeholder"
        iconSize={56}
        sizes={HERO_IMAGE_SIZES}
        priority
      />
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
