import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { TicketIcon } from '../../../components/icons';
import { es } from '../../../i18n/es';
import { playerTexts as t } from '../player.texts';
import { ContactBox, HelpBox, PlayerFooter } from './player-info';

type PlayerLayoutProps = {
  title: string | null;
  /** Beside the title: the language toggle, while it applies. */
  headerExtra?: ReactNode;
  /** Above the stage: the realtime connection's state, the activation notice. */
  notices?: ReactNode;
  stage: ReactNode;
  /** Under the stage: the playlist. */
  below?: ReactNode;
  /**
   * The chat and poll panes (001 §2): beside the video from 900 px, stacked under it
   * below. Without them (no chat, no polls, `/full`) the video takes the row.
   */
  side?: ReactNode;
  /** `/shows/{id}/full` shows the film alone, wider. */
  variant?: 'player' | 'full';
};

/**
 * The player page's frame (001 §2 "Player screen composition"): a header with the logo,
 * the video area (and the side panes' column), the help and contact boxes and the
 * sponsors' footer. The site's menu and footer are hidden on player routes.
 */
export function PlayerLayout({
  title,
  headerExtra,
  notices,
  stage,
  below,
  side,
  variant = 'player',
}: PlayerLayoutProps) {
  return (
    <div className={`player-page player-page--${variant}`}>
      <header className="player-header">
        <Link to="/" className="player-header__brand" aria-label={es.menu.home}>
          <TicketIcon className="player-header__logo" />
          <span>{es.brand}</span>
        </Link>
        {title && <h1 className="player-header__title">{title}</h1>}
        {headerExtra}
      </header>
      <div className={`player-body${side ? ' player-body--with-side' : ''}`}>
        <div className="player-main">
          {notices}
          <section className="player-stage" aria-label={t.video.label}>
            {stage}
          </section>
          {below}
        </div>
        {side && (
          <aside className="player-side" aria-label={t.sidePane}>
            {side}
          </aside>
        )}
      </div>
      <div className="player-boxes">
        <HelpBox />
        <ContactBox />
      </div>
      <PlayerFooter />
    </div>
  );
}
