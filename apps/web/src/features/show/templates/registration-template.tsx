import { areSalesShown } from '@taquilla/domain';
import { es } from '../../../i18n/es';
import { ShowActions } from '../show-actions';
import { ShowInfoCards } from '../show-info-cards';
import { LandingHero } from './landing-hero';
import { LandingDocumentTitle, LandingSection } from './landing-parts';
import type { LandingTemplateProps } from './template-types';

/**
 * The free registration page (002 §2.8): the headline and intro, then the registration
 * form first (a successful registration goes to its order), then the show's information.
 * Inside the console's preview the form is shown but cannot be sent.
 */
export function RegistrationTemplate({ show, parts, preview }: LandingTemplateProps) {
  const { RegistrationForm } = parts.saleForms;
  const form = <RegistrationForm show={show} />;
  return (
    <article className="page landing">
      <LandingDocumentTitle show={show} preview={preview} />
      <LandingHero show={show} preview={preview} hasDescription={false}>
        <ShowActions show={show} />
      </LandingHero>
      {areSalesShown(show.status) && (
        <LandingSection title={es.purchase.registerTitle}>
          {preview ? <div inert>{form}</div> : form}
        </LandingSection>
      )}
      <ShowInfoCards show={show} />
    </article>
  );
}
