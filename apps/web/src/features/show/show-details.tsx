import type { Show } from '@taquilla/contract';
import { ShowActions } from './show-actions';
import { ShowInfoCards } from './show-info-cards';
import { ShowMedia } from './show-media';
import { ShowTitleBlock } from './show-title-block';
import { PurchaseSection } from './purchase/purchase-section';
import type { SaleForms } from './purchase/sale-forms';
import { es } from '../../i18n/es';

/** The page of one show: hero, about and important information, then how to buy. */
export function ShowDetails({ show, saleForms }: { show: Show; saleForms: SaleForms }) {
  return (
    <article className="page show-page">
      <title>{es.documentTitle(show.fullname)}</title>
      <div className="show-hero">
        <ShowMedia show={show} />
        <div className="show-hero__text">
          <ShowTitleBlock show={show} />
          <ShowActions show={show} />
        </div>
      </div>
      <ShowInfoCards show={show} />
      <PurchaseSection show={show} saleForms={saleForms} />
    </article>
  );
}
