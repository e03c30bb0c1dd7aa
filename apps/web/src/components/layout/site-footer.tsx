import type { ComponentType, SVGProps } from 'react';
import { Link } from 'react-router-dom';
import { env } from '../../config/env';
import { es } from '../../i18n/es';
import { ExternalLink } from '../external-link';
import { FacebookIcon, InstagramIcon, TicketIcon, XIcon, YouTubeIcon } from '../icons';

type SocialLink = { href: string; label: string; Icon: ComponentType<SVGProps<SVGSVGElement>> };

const SOCIAL_LINKS: readonly SocialLink[] = [
  { href: env.social.facebook, label: es.footer.facebook, Icon: FacebookIcon },
  { href: env.social.instagram, label: es.footer.instagram, Icon: InstagramIcon },
  { href: env.social.youtube, label: es.footer.youtube, Icon: YouTubeIcon },
  { href: env.social.x, label: es.footer.x, Icon: XIcon },
];

export function SiteFooter() {
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__brand">
          <TicketIcon className="site-header__logo" />
          {es.brand}
        </p>
        <nav aria-label={es.footer.social}>
          <ul className="site-footer__social">
            {SOCIAL_LINKS.map(({ href, label, Icon }) => (
              <li key={label}>
                <ExternalLink href={href} className="icon-button" aria-label={label}>
                  <Icon />
                </ExternalLink>
              </li>
            ))}
          </ul>
        </nav>
        <p className="site-footer__legal">
          <Link to="/help">{es.footer.help}</Link>
          <Link to="/cookies">{es.footer.cookies}</Link>
          <span>{es.footer.copyright(new Date().getFullYear())}</span>
        </p>
      </div>
    </footer>
  );
}
