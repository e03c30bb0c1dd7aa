import { Link } from 'react-router-dom';
import { es } from '../../i18n/es';

export function NotFoundPage() {
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
