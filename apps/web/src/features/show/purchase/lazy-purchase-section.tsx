import { Suspense, lazy } from 'react';
import type { ComponentProps } from 'react';
import { LoadingSkeleton } from '../../../components/loading-skeleton';
import { es } from '../../../i18n/es';

const Section = lazy(async () => ({
  default: (await import('./purchase-section')).PurchaseSection,
}));

/**
 * The sale block of a show page (tickets, seat map, summary), whose code arrives after the
 * page's top: it sits below the hero and the show's facts, and its own data is read after
 * it renders anyway. Keeps the templates that sell within the first-view budget (decision
 * 0070).
 */
export function LazyPurchaseSection(props: ComponentProps<typeof Section>) {
  return (
    <Suspense
      fallback={
        <section className="purchase" aria-busy="true">
          <LoadingSkeleton label={es.status.loading} />
        </section>
      }
    >
      <Section {...props} />
    </Suspense>
  );
}
