import { isListedOnLanding, landingTemplateOf } from '@taquilla/domain';
import { ChannelLoader } from './channel-loader';
import { LandingHero } from './landing-hero';
import {
  LandingChildCard,
  LandingDocumentTitle,
  LandingEmpty,
  LandingSection,
} from './landing-parts';
import { landingTexts as t } from './landing.texts';
import type { LandingTemplateProps } from './template-types';

/**
 * The generic channel and the series page (001 §2, 002 §2.8, §4): the channel's children
 * the template's rule lists (the series lists HIDDEN episodes too), each with "EN VIVO",
 * "PRÓXIMAMENTE" and, by the same rule, a play link to its player in a new tab.
 */
export function ChannelTemplate({ show, preview }: LandingTemplateProps) {
  const template = landingTemplateOf(show.settings);
  const title = template === 'series' ? t.channel.seriesTitle : t.channel.listTitle;
  return (
    <article className="page landing">
      <LandingDocumentTitle show={show} preview={preview} />
      <LandingHero show={show} preview={preview} />
      <LandingSection title={title}>
        <ChannelLoader show={show}>
          {(channel) => {
            const listed = channel.children.filter((child) =>
              isListedOnLanding(template, child.show.status),
            );
            if (listed.length === 0) return <LandingEmpty>{t.channel.empty}</LandingEmpty>;
            return (
              <ul className="landing-cards">
                {listed.map((child) => (
                  <LandingChildCard key={child.show._id} template={template} show={child.show} />
                ))}
              </ul>
            );
          }}
        </ChannelLoader>
      </LandingSection>
    </article>
  );
}
