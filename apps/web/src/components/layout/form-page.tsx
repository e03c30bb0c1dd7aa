import type { ReactNode } from 'react';
import { es } from '../../i18n/es';
import './form-page.css';

/** A page that is one narrow card with a form: login, signup, password and e-mail pages. */
export function FormPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="page form-page">
      <title>{es.documentTitle(title)}</title>
      <div className="form-page__card">
        <h1 className="form-page__title">{title}</h1>
        {children}
      </div>
    </section>
  );
}
