import { es } from '../i18n/es';

/**
 * Shown inside the shell while the first page visited arrives in its own chunk; later
 * navigations keep the current page on screen until the next one is ready.
 */
export function RouteLoading() {
  return (
    <div className="page" aria-busy="true">
      <p className="visually-hidden" role="status">
        {es.status.loadingPage}
      </p>
    </div>
  );
}
