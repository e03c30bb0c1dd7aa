import { DEFAULT_TIME_ZONE, SPANISH_LOCALE } from '@taquilla/domain';
import { ContentImage, WIDE_BOX } from '../../../components/content-image';
import { PlayIcon } from '../../../components/icons';
import { playerTexts as t } from '../player.texts';
import { isPlayable } from '../video/video-source';
import type { PlaylistItem } from '../video/video-source';

type PlaylistPanelProps = {
  items: PlaylistItem[];
  playingId: string | null;
  onPick: (itemId: string) => void;
};

function formatItemDate(value: string | undefined): string | null {
  if (!value) return null;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(SPANISH_LOCALE, {
    dateStyle: 'long',
    timeStyle: 'short',
    timeZone: DEFAULT_TIME_ZONE,
  }).format(date);
}

/**
 * 001 §2 playlist panel: ACTIVE, SOON and LIVE items with image, title, date and
 * description. A playable item (ACTIVE or LIVE with a video) is a button with a play
 * overlay, "EN VIVO" when LIVE; SOON, or an item without video, has the soon overlay.
 */
export function PlaylistPanel({ items, playingId, onPick }: PlaylistPanelProps) {
  return (
    <section className="playlist" aria-labelledby="playlist-title">
      <h2 id="playlist-title" className="playlist__title">
        {t.playlist.title}
      </h2>
      <ul className="playlist__items">
        {items.map((item) => {
          const canPlay = isPlayable(item);
          const isPlaying = item._id === playingId;
          const date = formatItemDate(item.date);
          const body = (
            <>
              <span className="playlist__thumb">
                {item.image_url && (
                  <ContentImage
                    src={item.image_url}
                    alt=""
                    box={WIDE_BOX}
                    sizes="(max-width: 599px) 100vw, 320px"
                  />
                )}
                {canPlay ? (
                  <span className="playlist__overlay playlist__overlay--play" aria-hidden="true">
                    <PlayIcon />
                  </span>
                ) : (
                  <span className="playlist__overlay playlist__overlay--soon">
                    {t.playlist.soon}
                  </span>
                )}
                {item.status === 'LIVE' && (
                  <span className="playlist__live">{t.playlist.live}</span>
                )}
              </span>
              <span className="playlist__text">
                <span className="playlist__item-title">{item.title}</span>
                {date && <span className="playlist__date">{date}</span>}
                {item.description && (
                  <span className="playlist__description">{item.description}</span>
                )}
                {isPlaying && <span className="playlist__playing">{t.playlist.playing}</span>}
              </span>
            </>
          );
          return (
            <li
              key={item._id}
              className={`playlist__item${isPlaying ? ' playlist__item--playing' : ''}`}
            >
              {canPlay ? (
                <button
                  type="button"
                  className="playlist__button"
                  aria-label={t.playlist.play(item.title)}
                  aria-current={isPlaying ? 'true' : undefined}
                  onClick={() => onPick(item._id)}
                >
                  {body}
                </button>
              ) : (
                <div
                  className="playlist__button playlist__button--disabled"
                  aria-label={t.playlist.unavailable(item.title)}
                  role="group"
                >
                  {body}
                </div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
