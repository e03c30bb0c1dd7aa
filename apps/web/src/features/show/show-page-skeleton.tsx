import { es } from '../../i18n/es';

/** A show page while its show (or a template's code) arrives: the hero's shape, announced. */
export function ShowPageSkeleton() {
  return (
    <div className="page show-page" aria-busy="true">
      <span className="visually-hidden" role="status">
        {es.status.loading}
      </span>
      <div className="show-hero">
        <div className="show-media skeleton" />
        <div className="show-title">
          <span className="skeleton skeleton--line skeleton--short" />
          <span className="skeleton skeleton--title" />
          <span className="skeleton skeleton--line" />
          <span className="skeleton skeleton--line skeleton--short" />
        </div>
      </div>
    </div>
  );
}
