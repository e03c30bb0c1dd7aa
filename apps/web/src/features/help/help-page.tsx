import { Link } from 'react-router-dom';
import { ExternalLink } from '../../components/external-link';
import { TitledSection } from '../../components/titled-section';
import { env } from '../../config/env';
import { es } from '../../i18n/es';
import { ENTRY_ADVICE, helpTexts as t } from './help.texts';
import type { HelpLink } from './help.texts';
import './help.css';

function HelpAction({ link }: { link: HelpLink }) {
  if (link.kind === 'chat') {
    return (
      <ExternalLink href={env.helpUrl} className="help__link">
        {link.label}
      </ExternalLink>
    );
  }
  return (
    <Link to={link.to} className="help__link">
      {link.label}
    </Link>
  );
}

/**
 * Ayuda (002 §2.1 /help): how it works in three steps, the entry advice of 002 §9, the
 * questions as disclosure widgets (keyboard and screen readers handle `<details>`), and
 * the help chat the menu's "Ayuda" also opens.
 */
export function HelpPage() {
  return (
    <article className="page page--narrow help">
      <title>{es.documentTitle(t.title)}</title>
      <h1>{t.title}</h1>
      <p className="help__intro">{t.intro}</p>

      <TitledSection title={t.how.title}>
        <ol className="help__steps">
          {t.how.steps.map((step) => (
            <li key={step.title} className="help__step">
              <h3>{step.title}</h3>
              <p>{step.text}</p>
              {'link' in step && step.link && <HelpAction link={step.link} />}
            </li>
          ))}
        </ol>
        {/* Not an <aside>: a complementary landmark may not sit inside a region. */}
        <div className="help__advice">
          <h3>{t.how.adviceTitle}</h3>
          <p>{ENTRY_ADVICE}</p>
        </div>
      </TitledSection>

      <TitledSection title={t.faq.title}>
        <div className="help__faq">
          {t.faq.entries.map((entry) => (
            <details key={entry.question} className="help__question">
              <summary>{entry.question}</summary>
              <div className="help__answer">
                {entry.answer.map((paragraph) => (
                  <p key={paragraph}>{paragraph}</p>
                ))}
                {'list' in entry && entry.list && (
                  <ul>
                    {entry.list.map((item) => (
                      <li key={item}>{item}</li>
                    ))}
                  </ul>
                )}
                {'link' in entry && entry.link && <HelpAction link={entry.link} />}
              </div>
            </details>
          ))}
        </div>
      </TitledSection>

      <TitledSection title={t.contact.title} className="help__contact">
        <p>{t.contact.text}</p>
        <HelpAction link={{ kind: 'chat', label: t.contact.link }} />
      </TitledSection>
    </article>
  );
}
