import { useState } from 'react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { hasLandingPlayOverlay } from '@taquilla/domain';
import type { LandingTemplate } from '@taquilla/domain';
import { PlayIcon } from '../../../components/icons';
import { ShowImage } from '../../../components/shows/show-image';
import { TitledSection } from '../../../components/titled-section';
import {
  formatShowDate,
  showPath,
  showPlayerPath,
} from '../../../components/shows/show-presentation';
import { es } from '../../../i18n/es';
import { useSession } from '../../../session/session-context';
import { useLandingReload } from './landing-reload';
import { landingTexts as t } from './landing.texts';
import type { ShowPageParts } from './template-types';

/*
 * Pieces every landing template shares (decision 0036): the document title and the one
 * h1, the headline and intro of settings.landing, the login and "Activar Código" buttons,
 * the titled sections, the child cards of channels with their status marks, and the
 * empty state.
 */

/** The tab's title, as on every show page; the console's preview keeps the console's own. */
export function LandingDocumentTitle({ show, preview }: { show: Show; preview?: boolean }) {
  return preview ? null : <title>{es.documentTitle(show.fullname)}</title>;
}

/**
 * The page's one h1; inside the console's preview an h2, since the console page has its h1.
 */
export function LandingHeading({
  preview,
  className = 'landing-hero__title',
  children,
}: {
  preview?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const Heading = preview ? 'h2' : 'h1';
  return <Heading className={className}>{children}</Heading>;
}

/** settings.landing's headline and intro, when the organiser wrote them. */
export function LandingIntro({ show }: { show: Show }) {
  const { headline, intro } = show.settings.landing ?? {};
  return (
    <>
      {headline && <p className="landing-hero__headline">{headline}</p>}
      {intro && <p className="landing-hero__intro">{intro}</p>}
    </>
  );
}

/** A titled part of the page: a section named by its h2; `busy` while its content loads. */
export function LandingSection({
  title,
  busy,
  children,
}: {
  title: ReactNode;
  busy?: boolean;
  children: ReactNode;
}) {
  return (
    <TitledSection
      className="landing-section"
      titleClassName="landing-section__title"
      title={title}
      busy={busy}
    >
      {children}
    </TitledSection>
  );
}

/**
 * The "Activar Código" modal (002 §2.8) and a way to open it. After an activation the page
 * reloads (useLandingReload). In the console's preview nothing opens.
 */
export function useActivationModal(parts: ShowPageParts, preview?: boolean) {
  const [isOpen, setIsOpen] = useState(false);
  const reload = useLandingReload();
  const { ActivationModal } = parts;
  return {
    open: () => {
      if (!preview) setIsOpen(true);
    },
    modal: preview ? null : (
      <ActivationModal isOpen={isOpen} onClose={() => setIsOpen(false)} onActivated={reload} />
    ),
  };
}

/**
 * "Ingresa a tu cuenta" for a visitor (the session's login modal) and "Activar Código",
 * the two modals of the generic landing (002 §2.8). `children` go first (e.g. "Entrar").
 */
export function AccountActions({
  parts,
  preview,
  children,
}: {
  parts: ShowPageParts;
  preview?: boolean;
  children?: ReactNode;
}) {
  const { status, openLoginModal } = useSession();
  const activation = useActivationModal(parts, preview);
  return (
    <div className="landing-actions">
      {children}
      {status === 'anonymous' && (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            if (!preview) openLoginModal();
          }}
        >
          {t.login}
        </button>
      )}
      <button type="button" className="button button--secondary" onClick={activation.open}>
        {t.activate}
      </button>
      {activation.modal}
    </div>
  );
}

/** "EN VIVO" on a LIVE show, "PRÓXIMAMENTE" over a SOON one (002 §2.8 channel pages). */
export function LandingStatusMarks({ show }: { show: Pick<Show, 'status'> }) {
  if (show.status === 'LIVE') {
    return <span className="badge badge--en-vivo landing-badge">{t.live}</span>;
  }
  if (show.status === 'SOON') return <span className="landing-overlay">{t.soon}</span>;
  return null;
}

/** The play overlay: the child's player in a new tab (001 §2, 002 §2.8). */
export function LandingPlayLink({ show }: { show: Show }) {
  return (
    <a
      className="landing-play"
      href={showPlayerPath(show)}
      target="_blank"
      rel="noopener"
      aria-label={`${t.play(show.fullname)} ${t.opensInNewTab}`}
    >
      <PlayIcon />
    </a>
  );
}

/**
 * One child of a channel: image with its status marks and play overlay (when the
 * template's rule gives it one), the name linking to the child's page, the date, and
 * the template's own actions.
 */
export function LandingChildCard({
  template,
  show,
  children,
}: {
  template: LandingTemplate;
  show: Show;
  children?: ReactNode;
}) {
  return (
    <li className="landing-card">
      <div className="landing-card__media">
        <ShowImage
          src={show.main_image}
          imageClassName="landing-card__image"
          placeholderClassName="landing-card__placeholder"
          iconSize={40}
        />
        <LandingStatusMarks show={show} />
        {hasLandingPlayOverlay(template, show) && <LandingPlayLink show={show} />}
      </div>
      <div className="landing-card__body">
        <h3 className="landing-card__title">
          <Link to={showPath(show)}>{show.fullname}</Link>
        </h3>
        <p className="landing-card__meta">
          <time dateTime={show.show_date}>{formatShowDate(show)}</time>
        </p>
        {show.subtitle && <p className="landing-card__text">{show.subtitle}</p>}
        {children}
      </div>
    </li>
  );
}

export function LandingEmpty({ children }: { children: ReactNode }) {
  return <p className="landing-empty">{children}</p>;
}
