import { es } from '../i18n/es';

/**
 * A page still waiting for what it needs to show anything: inside the shell while the first
 * page visited arrives in its own chunk (later navigations keep the current page on screen
 * until the next one is ready), or while a page reads the session or its show.
 */
export function RouteLoading({ label = es.status.loadingPage }: { label?: string }) {
  return (
    <div className="page" aria-busy="true">
      <p className="visually-hidden" role="status">
        {label}
      </p>
    </div>
  );
}
