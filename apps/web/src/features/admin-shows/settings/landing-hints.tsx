import type { LandingTemplate } from '@taquilla/contract';
import { landingTexts } from './landing.texts';

const t = landingTexts;

type GroupLink = keyof typeof t.groupLink;

/** Where a template's other content is edited: each key has one group (decision 0035). */
const HINTS: Partial<Record<LandingTemplate, { text: string; links: GroupLink[] }>> = {
  film: { text: t.hints.film, links: ['route', 'images'] },
  artist: { text: t.hints.headerImages, links: ['player'] },
  seminar: { text: t.hints.headerImages, links: ['player'] },
  podcast: { text: t.hints.podcast, links: [] },
  registration: { text: t.hints.registration, links: ['payments', 'registration'] },
  telethon: { text: t.hints.telethon, links: ['registration'] },
  festival: { text: t.hints.festival, links: ['route'] },
};

/**
 * What else a template shows and which group edits it: the film credits (route
 * group), the poster (images), the channel header images (player), the free
 * registration (payments). Nothing is edited twice.
 */
export function TemplateHints({ template }: { template: LandingTemplate }) {
  const hint = HINTS[template];
  if (!hint) return null;
  return (
    <div className="landing-editor__hint">
      <p>{hint.text}</p>
      {hint.links.length > 0 && (
        <ul className="landing-editor__hint-links">
          {hint.links.map((group) => (
            <li key={group}>
              <a href={`#show-group-${group}`}>{t.groupLink[group]}</a>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
