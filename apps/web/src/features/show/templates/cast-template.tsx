import { useId } from 'react';
import { EventHero } from './event-parts/event-hero';
import { EventPeople } from './event-parts/event-people';
import { festivalTexts as t } from './festival-pages.texts';
import { LandingDocumentTitle, LandingEmpty } from './landing-parts';
import type { LandingTemplateProps } from './template-types';
import './festival-pages.css';

/** Cast biographies (002 §2.8): each person's photo, name, role and biography. */
export function CastTemplate({ show, preview }: LandingTemplateProps) {
  const people = show.settings.landing?.people ?? [];
  const castId = useId();

  return (
    <article className="page landing cast-page">
      <LandingDocumentTitle show={show} preview={preview} />
      <EventHero show={show} preview={preview} />
      <section className="landing-section" aria-labelledby={castId}>
        <h2 className="landing-section__title" id={castId}>
          {t.cast.title}
        </h2>
        {people.length > 0 ? (
          <EventPeople people={people} withBio />
        ) : (
          <LandingEmpty>{t.cast.empty}</LandingEmpty>
        )}
      </section>
    </article>
  );
}
