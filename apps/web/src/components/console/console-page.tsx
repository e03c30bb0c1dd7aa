import type { ReactNode } from 'react';
import { es } from '../../i18n/es';
import './console.css';

/**
 * One console page: its title (the page's only h1), an optional line under it and the
 * actions at the right of the title (a "Nuevo evento" button, a CSV download), then the
 * content.
 */
export function ConsolePage({
  title,
  subtitle,
  actions,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="console-page">
      <title>{es.documentTitle(title)}</title>
      <header className="console-page__header">
        <div>
          <h1 className="console-page__title">{title}</h1>
          {subtitle && <p className="console-page__subtitle">{subtitle}</p>}
        </div>
        {actions && <div className="console-page__actions">{actions}</div>}
      </header>
      {children}
    </div>
  );
}

/** A titled block of a console page (a form group, a table, a chart). */
export function ConsoleSection({
  title,
  actions,
  children,
}: {
  title: string;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section className="console-section" aria-label={title}>
      <div className="console-section__header">
        <h2 className="console-section__title">{title}</h2>
        {actions && <div className="console-page__actions">{actions}</div>}
      </div>
      {children}
    </section>
  );
}
