import { LazyPurchaseSection as PurchaseSection } from '../purchase/lazy-purchase-section';
import { ShowActions } from '../show-actions';
import { ShowInfoCards } from '../show-info-cards';
import { ShowMedia } from '../show-media';
import { ShowTitleBlock } from '../show-title-block';
import { AccountActions, LandingDocumentTitle, LandingIntro } from './landing-parts';
import type { LandingTemplateProps } from './template-types';

/**
 * The generic show landing (002 §2.8): hero, "Entrar" while LIVE, "Ingresa a tu cuenta"
 * for a visitor and "Activar Código"; about and important information; then the
 * registration form of a free show or the ticket list (PurchaseSection). In the
 * console's preview the sale is shown but cannot be used.
 */
export function ShowTemplate({ show, parts, preview }: LandingTemplateProps) {
  return (
    <article className="page show-page">
      <LandingDocumentTitle show={show} preview={preview} />
      <div className="show-hero">
        <ShowMedia show={show} />
        <div className="show-hero__text">
          <ShowTitleBlock show={show} preview={preview}>
            <LandingIntro show={show} />
          </ShowTitleBlock>
          <ShowActions show={show} />
          <AccountActions parts={parts} preview={preview} />
        </div>
      </div>
      <ShowInfoCards show={show} />
      {preview ? (
        <div inert>
          <PurchaseSection show={show} saleForms={parts.saleForms} />
        </div>
      ) : (
        <PurchaseSection show={show} saleForms={parts.saleForms} />
      )}
    </article>
  );
}
