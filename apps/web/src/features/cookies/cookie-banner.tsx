import { useState } from 'react';
import { Link } from 'react-router-dom';
import { es } from '../../i18n/es';
import { giveCookieConsent, hasCookieConsent } from './cookie-consent';
import './cookies.css';

export function CookieBanner() {
  const [isVisible, setIsVisible] = useState(() => !hasCookieConsent());
  if (!isVisible) return null;

  function accept() {
    giveCookieConsent();
    setIsVisible(false);
  }

  return (
    <section className="cookie-banner" aria-label={es.cookieBanner.label}>
      <p className="cookie-banner__text">
        {es.cookieBanner.text}{' '}
        <Link to="/cookies" className="cookie-banner__link">
          {es.cookieBanner.policyLink}
        </Link>
      </p>
      <button type="button" className="button button--primary" onClick={accept}>
        {es.cookieBanner.accept}
      </button>
    </section>
  );
}
