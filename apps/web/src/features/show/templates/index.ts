import { Suspense, createElement, lazy } from 'react';
import type { ComponentType } from 'react';
import type { Show } from '@taquilla/contract';
import { landingTemplateOf } from '@taquilla/domain';
import { ShowPageSkeleton } from '../show-page-skeleton';
import type {
  LandingTemplateComponent,
  LandingTemplateProps,
  LandingTemplateRegistry,
  ShowPageParts,
} from './template-types';
import '../show.css';
import './landing.css';

/** Each template's code arrives the first time a page of that template is shown. */
function lazyTemplate(
  load: () => Promise<ComponentType<LandingTemplateProps>>,
): LandingTemplateComponent {
  return lazy(async () => ({ default: await load() }));
}

const showTemplate = lazyTemplate(async () => (await import('./show-template')).ShowTemplate);
const channelTemplate = lazyTemplate(
  async () => (await import('./channel-template')).ChannelTemplate,
);

/**
 * The fifteen landing templates (issue 12, decision 0036): `settings.landing.template`
 * picks one; a show without it gets `show`, the generic landing.
 */
export const landingTemplates: LandingTemplateRegistry = {
  show: showTemplate,
  registration: lazyTemplate(
    async () => (await import('./registration-template')).RegistrationTemplate,
  ),
  producer: lazyTemplate(async () => (await import('./producer-template')).ProducerTemplate),
  channel: channelTemplate,
  series: channelTemplate,
  podcast: lazyTemplate(async () => (await import('./podcast-template')).PodcastTemplate),
  artist: lazyTemplate(async () => (await import('./artist-template')).ArtistTemplate),
  festival: lazyTemplate(async () => (await import('./festival-template')).FestivalTemplate),
  film: lazyTemplate(async () => (await import('./film-template')).FilmTemplate),
  lineup: lazyTemplate(async () => (await import('./lineup-template')).LineupTemplate),
  cast: lazyTemplate(async () => (await import('./cast-template')).CastTemplate),
  gallery: lazyTemplate(async () => (await import('./gallery-template')).GalleryTemplate),
  seminar: lazyTemplate(async () => (await import('./seminar-template')).SeminarTemplate),
  telethon: lazyTemplate(async () => (await import('./telethon-template')).TelethonTemplate),
  album: lazyTemplate(async () => (await import('./album-template')).AlbumTemplate),
};

/** A show's page: its template, with the page skeleton while the template's code arrives. */
export function LandingView(props: LandingTemplateProps) {
  const Template = landingTemplates[landingTemplateOf(props.show.settings)];
  return createElement(
    Suspense,
    { fallback: createElement(ShowPageSkeleton) },
    createElement(Template, props),
  );
}

/**
 * The console editor's live preview: the same template with `preview` on (no call that
 * writes, no modal, an h2 instead of the page's h1, the console's own document title).
 * `show` is the show as being edited, its `settings.landing` included.
 */
export function LandingPreview({ show, parts }: { show: Show; parts: ShowPageParts }) {
  return createElement(LandingView, { show, parent: null, parts, preview: true });
}
