import { LazyPurchaseSection as PurchaseSection } from '../purchase/lazy-purchase-section';
import { DpiLookup } from './event-parts/dpi-lookup';
import { EventHero } from './event-parts/event-hero';
import { PlayerLink } from './event-parts/player-link';
import { festivalTexts } from './festival-pages.texts';
import { LandingDocumentTitle, LandingSection } from './landing-parts';
import type { LandingTemplateProps } from './template-types';
import './festival-pages.css';

const t = festivalTexts.telethon;
const PURCHASE_ID = 'comprar-en-linea';

/**
 * The telethon (002 §2.8): "Comprar en línea" (the show's ticket sale), the code lookup
 * by DPI with each code's way to activation, and "Entrar" to the player.
 */
export function TelethonTemplate({ show, parts, preview }: LandingTemplateProps) {
  return (
    <article className="page landing telethon-page">
      <LandingDocumentTitle show={show} preview={preview} />
      <EventHero show={show} preview={preview}>
        <div className="landing-actions">
          <a href={`#${PURCHASE_ID}`} className="button button--primary button--large">
            {t.buyTitle}
          </a>
          <PlayerLink show={show} preview={preview} tone="secondary">
            {t.enter}
          </PlayerLink>
        </div>
      </EventHero>
      <LandingSection title={t.lookupTitle}>
        <p className="landing-section__text">{t.lookupText}</p>
        <DpiLookup showId={show._id} preview={preview} />
      </LandingSection>
      {/* The console's preview shows the sale but cannot fill a cart. */}
      <div id={PURCHASE_ID} className="event-purchase" inert={preview}>
        <PurchaseSection show={show} saleForms={parts.saleForms} />
      </div>
    </article>
  );
}
