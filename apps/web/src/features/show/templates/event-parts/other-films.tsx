import type { ReactNode } from 'react';
import { endpoints } from '@taquilla/contract/plain';
import type { Show } from '@taquilla/contract';
import { LoadError } from '../../../../components/load-error';
import { useApiQuery } from '../../../../api/use-api-query';
import { festivalTexts as t } from '../festival-pages.texts';
import { LandingSection } from '../landing-parts';
import { CardsSkeleton, FilmCards, festivalFilms } from './film-cards';
import { useChildShows } from './use-child-shows';

function OtherFilmsSection({ isLoading, children }: { isLoading?: boolean; children: ReactNode }) {
  return (
    <LandingSection title={t.film.otherFilms} busy={isLoading}>
      {children}
    </LandingSection>
  );
}

/** The section while its films load. */
function OtherFilmsLoading() {
  return (
    <OtherFilmsSection isLoading>
      <CardsSkeleton label={t.film.otherFilmsLoading} poster />
    </OtherFilmsSection>
  );
}

/** The section when its films could not be read, with a retry. */
function OtherFilmsFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <OtherFilmsSection>
      <LoadError message={message} onRetry={onRetry} />
    </OtherFilmsSection>
  );
}

/** The festival's other films; nothing at all when it has none. */
function FestivalOtherFilms({ festival, filmId }: { festival: Show; filmId: string }) {
  const children = useChildShows(festival._id);
  if (children.status === 'loading') return <OtherFilmsLoading />;
  if (children.status === 'error') {
    return <OtherFilmsFailed message={children.error.message} onRetry={children.retry} />;
  }
  const others = festivalFilms(children.data.items).filter((film) => film._id !== filmId);
  if (others.length === 0) return null;
  return (
    <OtherFilmsSection>
      <FilmCards festival={festival} films={others} />
    </OtherFilmsSection>
  );
}

/** A film opened at /shows/{id}: its festival comes from `parent_show_uid`. */
function ParentOtherFilms({ parentId, filmId }: { parentId: string; filmId: string }) {
  const parent = useApiQuery(endpoints.getShow, { params: { id: parentId } });
  if (parent.status === 'loading') return <OtherFilmsLoading />;
  if (parent.status === 'error') {
    // A festival that is gone leaves the film alone on its page.
    if (parent.error.status === 404) return null;
    return <OtherFilmsFailed message={parent.error.message} onRetry={parent.retry} />;
  }
  return <FestivalOtherFilms festival={parent.data} filmId={filmId} />;
}

/** 002 §2.8 film pages: "other films", the festival's other children. */
export function OtherFilms({ film, festival }: { film: Show; festival: Show | null }) {
  if (festival) return <FestivalOtherFilms festival={festival} filmId={film._id} />;
  if (film.parent_show_uid) {
    return <ParentOtherFilms parentId={film.parent_show_uid} filmId={film._id} />;
  }
  return null;
}
