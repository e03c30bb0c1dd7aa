import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Show, ShowStatus } from '@taquilla/contract';
import { formatShowDate } from '../../../components/shows/show-presentation';
import type { Curtain } from '../live/live-view';
import { playerTexts as t } from '../player.texts';
import { VideoPlayer } from '../video/video-player';

/** A message in place of the video, announced when it appears. */
function StageMessage({
  tone = 'info',
  title,
  children,
}: {
  tone?: 'info' | 'warning';
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className={`stage-message stage-message--${tone}`} role="status">
      <h2 className="stage-message__title">{title}</h2>
      {children}
    </div>
  );
}

const NOT_STARTED: ReadonlySet<ShowStatus> = new Set(['NEW', 'ACTIVE', 'LIVE', 'TEST', 'REPLAY']);
const GONE: ReadonlySet<ShowStatus> = new Set(['CLOSED', 'CANCELLED']);

/**
 * The cover when nothing plays (001 §2): NEW, ACTIVE, LIVE, TEST and REPLAY give the
 * start date and "El evento aún no ha iniciado"; CLOSED and CANCELLED "Este evento ya
 * no está disponible"; any other status "La transmisión de este evento no está activa".
 */
export function CoverScreen({
  show,
}: {
  show: Pick<Show, '_id' | 'status' | 'show_date' | 'timezone'>;
}) {
  if (GONE.has(show.status)) {
    return (
      <StageMessage title={t.cover.unavailable}>
        <Link className="button button--secondary" to={`/shows/${encodeURIComponent(show._id)}`}>
          {t.backToShow}
        </Link>
      </StageMessage>
    );
  }
  if (!NOT_STARTED.has(show.status)) return <StageMessage title={t.cover.inactive} />;
  return (
    <StageMessage title={t.cover.notStarted}>
      <p className="stage-message__date">
        {t.cover.startsAt} <time dateTime={show.show_date}>{formatShowDate(show, 'card')}</time>
      </p>
      <p className="stage-message__text">{t.cover.opensEarly}</p>
    </StageMessage>
  );
}

/** 001 §2 ended screen. */
export function EndedScreen() {
  return (
    <StageMessage title={t.ended.title}>
      <p className="stage-message__text">{t.ended.text}</p>
    </StageMessage>
  );
}

/** 001 §4, §8: the region text in both languages, as the specification writes it. */
export function RegionBlockedScreen({ showPath }: { showPath: string }) {
  return (
    <div className="stage-message stage-message--warning" role="alert">
      <h2 className="stage-message__title">{t.regionBlocked.title}</h2>
      <p className="stage-message__text" lang="en">
        {t.regionBlocked.english}
      </p>
      <Link className="button button--secondary" to={showPath}>
        {t.backToShow}
      </Link>
    </div>
  );
}

/**
 * The ticket this viewer watched with was revoked: its order was cancelled or refunded
 * (decision 0064). Nothing plays; the server's reason says which, and why.
 */
export function AccessRevokedScreen({ message, showPath }: { message: string; showPath: string }) {
  return (
    <div className="stage-message stage-message--warning" role="alert">
      <h2 className="stage-message__title">{t.revoked.title}</h2>
      <p className="stage-message__text">{message}</p>
      <Link className="button button--secondary" to={showPath}>
        {t.backToShow}
      </Link>
    </div>
  );
}

/** 001 §2 curtain: a message card (two texts) or a looping video over the stream. */
export function CurtainScreen({ curtain }: { curtain: Curtain }) {
  if (curtain.type === 'video') {
    return (
      <VideoPlayer
        key={curtain.videoUrl}
        src={curtain.videoUrl}
        mediaType={curtain.mediaType}
        label={t.curtain.videoLabel}
        loop
      />
    );
  }
  return (
    <section className="curtain-card" aria-label={t.curtain.label}>
      <p className="curtain-card__main">{curtain.message1}</p>
      {curtain.message2 && <p className="curtain-card__second">{curtain.message2}</p>}
    </section>
  );
}

/**
 * A live stream that ended, failed or stalled while the show is on the air (decision
 * 0058): not the end of the broadcast, so the player says so and tries again.
 */
export function ReconnectingScreen() {
  return (
    <StageMessage tone="warning" title={t.stream.reconnecting}>
      <p className="stage-message__text">{t.stream.reconnectingHint}</p>
    </StageMessage>
  );
}
