import { Link, NavLink } from 'react-router-dom';
import { env } from '../../config/env';
import { es } from '../../i18n/es';
import { ExternalLink } from '../external-link';
import { AccountIcon, CartIcon, TicketIcon } from '../icons';

type SiteHeaderProps = { cartCount: number };

const CART_COUNT_ID = 'site-header-cart-count';

export function SiteHeader({ cartCount }: SiteHeaderProps) {
  return (
    <header className="site-header">
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
          </ul>
        </nav>
        <div className="site-header__actions">
          <Link
            to="/cart"
            className="icon-button"
            aria-label={es.menu.cart}
            aria-describedby={CART_COUNT_ID}
          >
            <CartIcon />
            <span className="icon-button__count" aria-hidden="true">
              {cartCount}
            </span>
            <span className="visually-hidden" id={CART_COUNT_ID}>
              {es.menu.cartCount(cartCount)}
            </span>
          </Link>
          <Link to="/account" className="icon-button" aria-label={es.menu.account}>
            <AccountIcon />
          </Link>
        </div>
      </div>
    </header>
  );
}
