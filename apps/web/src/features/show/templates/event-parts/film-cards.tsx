import { Link } from 'react-router-dom';
import type { Show } from '@taquilla/contract';
import { filmPoster, isFilmPageShown, isListedOnLanding } from '@taquilla/domain';
import { ContentImage, POSTER_BOX } from '../../../../components/content-image';
import { ShowStatusBadges } from '../../../../components/shows/show-status-badges';
import { filmGenre, filmPagePath, filmTitle, formatFilmDuration } from './film-facts';

/** A festival's films (002 §2.8, §4): the children its listing rule lists and whose page shows. */
export function festivalFilms(children: readonly Show[]): Show[] {
  return children.filter(
    (child) => isListedOnLanding('festival', child.status) && isFilmPageShown(child.status),
  );
}

function FilmCard({ festival, film }: { festival: Pick<Show, 'path'> | null; film: Show }) {
  const poster = filmPoster(film);
  const facts = [film.settings.year, filmGenre(film), formatFilmDuration(film.settings.duration)]
    .filter((fact) => fact !== null && fact !== undefined && fact !== '')
    .join(' · ');
  return (
    <article className="landing-card film-card">
      <div className="landing-card__media film-card__media">
        {poster && (
          <ContentImage
            className="landing-card__image"
            src={poster}
            alt=""
            box={POSTER_BOX}
            sizes="(max-width: 599px) 100vw, 300px"
          />
        )}
        <span className="landing-badge">
          <ShowStatusBadges show={film} />
        </span>
      </div>
      <div className="landing-card__body">
        <h3 className="landing-card__title">
          <Link to={filmPagePath(festival, film)}>{filmTitle(film)}</Link>
        </h3>
        {facts && <p className="landing-card__meta">{facts}</p>}
      </div>
    </article>
  );
}

/** The films as poster cards, each linking to `/{festival}/{film}`. */
export function FilmCards({
  festival,
  films,
}: {
  festival: Pick<Show, 'path'> | null;
  films: readonly Show[];
}) {
  return (
    <ul className="landing-cards film-cards">
      {films.map((film) => (
        <li key={film._id}>
          <FilmCard festival={festival} film={film} />
        </li>
      ))}
    </ul>
  );
}

/** Grey poster cards while the films load, with what is loading said to screen readers. */
export function CardsSkeleton({ label, poster = false }: { label: string; poster?: boolean }) {
  return (
    <div aria-busy="true">
      <p role="status" className="visually-hidden">
        {label}
      </p>
      <div className="landing-cards" aria-hidden="true">
        {[0, 1, 2].map((index) => (
          <div key={index} className={`landing-card${poster ? ' film-card' : ''}`}>
            <div className="landing-card__media skeleton" />
            <div className="landing-card__body">
              <span className="skeleton skeleton--line" />
              <span className="skeleton skeleton--line skeleton--short" />
            </div>
          </div>
        ))}
      </div>
    </div>
  );
}
