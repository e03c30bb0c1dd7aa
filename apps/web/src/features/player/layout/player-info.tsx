import { ExternalLink } from '../../../components/external-link';
import { env } from '../../../config/env';
import { es } from '../../../i18n/es';
import { playerTexts as t } from '../player.texts';

/** 001 §2 help box "Tips y Preguntas Frecuentes". */
export function HelpBox() {
  return (
    <section className="player-box" aria-labelledby="player-help-title">
      <h2 id="player-help-title" className="player-box__title">
        {t.help.title}
      </h2>
      <ul className="player-box__list">
        {t.help.tips.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
      <h3 className="player-box__subtitle">{t.help.tvTitle}</h3>
      <ul className="player-box__list">
        {t.help.tv.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </section>
  );
}

/** 001 §2 contact box: organisers may ask for a virtual event of their own. */
export function ContactBox() {
  return (
    <section className="player-box player-box--contact" aria-labelledby="player-contact-title">
      <h2 id="player-contact-title" className="player-box__title">
        {t.contact.title}
      </h2>
      <p>{t.contact.text}</p>
      <ExternalLink href={env.publishUrl} className="button button--primary">
        {t.contact.link}
      </ExternalLink>
    </section>
  );
}

/**
 * The player's footer (001 §2 "footer with sponsors"). Shows carry no sponsor list in
 * the contract yet, so it names the platform that streams, and owes DB-IP its credit
 * for the location data (CC BY 4.0, decision 0022).
 */
export function PlayerFooter() {
  return (
    <footer className="player-footer" aria-label={t.footer.label}>
      <p className="player-footer__presented">
        {t.footer.presentedBy} <strong>{es.brand}</strong>
      </p>
      <ExternalLink href="https://db-ip.com" className="player-footer__credit">
        {t.footer.geoCredit}
      </ExternalLink>
    </footer>
  );
}
