import type { Show } from '@taquilla/contract';
import { festivalTexts as t } from '../festival-pages.texts';
import { filmGenre, formatCast, formatFilmDuration } from './film-facts';

/**
 * The film's credits (002 §2.8): year, duration, rated, language, subtitles, genre,
 * director, writer, producer and cast, each only when the organiser filled it.
 */
export function FilmCredits({ film }: { film: Show }) {
  const { settings } = film;
  const labels = t.film.credits;
  const rows: [string, string | null | undefined][] = [
    [labels.year, settings.year === undefined ? null : String(settings.year)],
    [labels.duration, formatFilmDuration(settings.duration)],
    [labels.rated, settings.rated],
    [labels.language, settings.language],
    [labels.subtitles, settings.subtitles],
    [labels.genre, filmGenre(film)],
    [labels.director, settings.director],
    [labels.writer, settings.writer],
    [labels.producer, settings.producer],
    [labels.cast, formatCast(settings.cast)],
  ];
  const filled = rows.filter((row): row is [string, string] => Boolean(row[1]?.trim()));
  if (filled.length === 0) return null;
  return (
    <dl className="film-credits">
      {filled.map(([label, value]) => (
        <div key={label} className="film-credits__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
