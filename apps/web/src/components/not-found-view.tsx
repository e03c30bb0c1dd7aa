import { Link } from 'react-router-dom';
import { es } from '../i18n/es';

/** "La página que buscas no está disponible": unknown paths and shows the gateway does not know. */
export function NotFoundView() {
  return (
    <section className="page page--narrow message-page">
      <title>{es.documentTitle(es.notFound.title)}</title>
      <h1 className="message-page__title">{es.notFound.text}</h1>
      <Link to="/" className="button button--primary">
        {es.notFound.backToEvents}
      </Link>
    </section>
  );
}
