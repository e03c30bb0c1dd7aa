import { es } from '../i18n/es';

/** Shown instead of a page that threw while rendering; the shell stays usable. */
export function RouteError() {
  return (
    <section className="page page--narrow message-page" role="alert">
      <h1 className="message-page__title">{es.errors.pageCrashed}</h1>
      <button
        type="button"
        className="button button--primary"
        onClick={() => window.location.reload()}
      >
        {es.errors.reload}
      </button>
    </section>
  );
}
