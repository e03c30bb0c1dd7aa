import { Link, NavLink, useLocation } from 'react-router-dom';
import { useRef } from 'react';
import type { ReactNode } from 'react';
import { initialsOf, loginPath } from '@taquilla/domain';
import { env } from '../../config/env';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';
import { ExternalLink } from '../external-link';
import { AccountIcon, CartIcon, TicketIcon } from '../icons';
import { useHeaderHeight } from './use-header-height';

type SiteHeaderProps = {
  cartCount: number;
  /** Shown under the menu and sticking with it (the cart's countdown). */
  children?: ReactNode;
};

// Coming back to these after logging in would make no sense (or spend a token twice).
const NO_RETURN_PATHS = ['/login', '/signup', '/password/', '/email/verify/'];

/** The account icon: initials when logged in; the login button only for visitors (002 §2.3). */
function AccountControl() {
  const { status, user } = useSession();
  const { pathname, search } = useLocation();

  if (status === 'authenticated' && user) {
    const initials = initialsOf(user.fullname, user.email);
    // The name holds the initials it shows (WCAG 2.5.3): "Mi cuenta: LA".
    return (
      <Link to="/account" className="icon-button" aria-label={es.menu.accountOf(initials)}>
        <span className="avatar" aria-hidden="true">
          {initials}
        </span>
      </Link>
    );
  }
  if (status === 'anonymous') {
    const isNoReturn = NO_RETURN_PATHS.some((path) => pathname.startsWith(path));
    return (
      <Link
        to={isNoReturn ? '/login' : loginPath(`${pathname}${search}`)}
        className="button button--primary site-header__login"
      >
        {es.menu.login}
      </Link>
    );
  }
  return (
    <Link to="/account" className="icon-button" aria-label={es.menu.account}>
      <AccountIcon />
    </Link>
  );
}

/** Organisers (a session acting as Producer or Admin) reach their console from the menu. */
function ConsoleLink() {
  const { session } = useSession();
  if (session?.role !== 'Producer' && session?.role !== 'Admin') return null;
  return (
    <li>
      <NavLink to="/admin" className="site-header__link">
        {es.menu.console}
      </NavLink>
    </li>
  );
}

export function SiteHeader({ cartCount, children }: SiteHeaderProps) {
  const header = useRef<HTMLElement>(null);
  useHeaderHeight(header);
  return (
    <header className="site-header" ref={header}>
      <div className="site-header__inner">
        <Link to="/" className="site-header__brand" aria-label={es.menu.home}>
          <TicketIcon className="site-header__logo" />
          <span>{es.brand}</span>
        </Link>
        <nav className="site-header__nav" aria-label={es.menu.label}>
          <ul>
            <li>
              <NavLink to="/" end className="site-header__link">
                {es.menu.events}
              </NavLink>
            </li>
            <li>
              <NavLink to="/activate" className="site-header__link">
                {es.menu.digitalContent}
              </NavLink>
            </li>
            <li>
              <ExternalLink href={env.helpUrl} className="site-header__link">
                {es.menu.help}
              </ExternalLink>
            </li>
            <li>
              <ExternalLink href={env.publishUrl} className="site-header__link">
                {es.menu.publish}
              </ExternalLink>
            </li>
            <ConsoleLink />
          </ul>
        </nav>
        <div className="site-header__actions">
          <Link
            to="/cart"
            className="icon-button"
            // The name holds the text the link shows to sight and to screen readers alike
            // (WCAG 2.5.3): "Carrito: 2 boletos en el carrito".
            aria-label={`${es.menu.cart}: ${es.menu.cartCount(cartCount)}`}
          >
            <CartIcon />
            <span className="icon-button__count" aria-hidden="true">
              {cartCount}
            </span>
            <span className="visually-hidden">{es.menu.cartCount(cartCount)}</span>
          </Link>
          <AccountControl />
        </div>
      </div>
      {children}
    </header>
  );
}
