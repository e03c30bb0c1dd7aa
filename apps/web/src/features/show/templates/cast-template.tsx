import { EventHero } from './event-parts/event-hero';
import { EventPeople } from './event-parts/event-people';
import { festivalTexts as t } from './festival-pages.texts';
import { LandingDocumentTitle, LandingEmpty, LandingSection } from './landing-parts';
import type { LandingTemplateProps } from './template-types';
import './festival-pages.css';

/** Cast biographies (002 §2.8): each person's photo, name, role and biography. */
export function CastTemplate({ show, preview }: LandingTemplateProps) {
  const people = show.settings.landing?.people ?? [];

  return (
    <article className="page landing cast-page">
      <LandingDocumentTitle show={show} preview={preview} />
      <EventHero show={show} preview={preview} />
      <LandingSection title={t.cast.title}>
        {people.length > 0 ? (
          <EventPeople people={people} withBio />
        ) : (
          <LandingEmpty>{t.cast.empty}</LandingEmpty>
        )}
      </LandingSection>
    </article>
  );
}
