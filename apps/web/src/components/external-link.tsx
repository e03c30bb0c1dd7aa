import type { AnchorHTMLAttributes } from 'react';
import { es } from '../i18n/es';

type ExternalLinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };

/** A link that leaves the site: web pages open in a new tab, mailto: and tel: do not. */
export function ExternalLink({ href, children, ...props }: ExternalLinkProps) {
  const opensNewTab = /^https?:\/\//i.test(href);
  return (
    <a
      href={href}
      {...(opensNewTab ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      {...props}
    >
      {children}
      {opensNewTab && <span className="visually-hidden"> {es.menu.opensInNewTab}</span>}
    </a>
  );
}
