import { NavLink, Outlet } from 'react-router-dom';
import { formatMonthYear, initialsOf, parseDate } from '@taquilla/domain';
import type { SessionUser } from '@taquilla/contract';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';
import { countryName } from '../../components/form/country-options';
import { useLogoutAndLeave } from './use-account-actions';
import './account.css';

function UserCard({ user }: { user: SessionUser }) {
  const memberSince = parseDate(user.createdAt);
  return (
    <section className="account-card" aria-label={es.account.userCard}>
      <span className="avatar avatar--large" aria-hidden="true">
        {initialsOf(user.fullname, user.email)}
      </span>
      <div className="account-card__body">
        <p className="account-card__name">{user.fullname}</p>
        <dl className="account-card__facts">
          <dt>{es.account.email}</dt>
          <dd>{user.email}</dd>
          <dt>{es.account.phone}</dt>
          <dd>{user.phone || es.account.notProvided}</dd>
          <dt>{es.account.country}</dt>
          <dd>{countryName(user.country)}</dd>
        </dl>
        {memberSince && (
          <p className="account-card__since">
            {es.account.memberSince(formatMonthYear(memberSince))}
          </p>
        )}
      </div>
    </section>
  );
}

/**
 * Mi Cuenta (002 §2.6): the user card and the account's navigation beside the orders
 * (/account) or the profile (/account/profile). Only reached through the login guard.
 */
export function AccountLayout() {
  const { user } = useSession();
  const logOut = useLogoutAndLeave();
  if (!user) return null;

  return (
    <div className="page account">
      <h1 className="account__title">{es.account.title}</h1>
      <div className="account__layout">
        <aside className="account__aside">
          <UserCard user={user} />
          <nav className="account-nav" aria-label={es.account.navLabel}>
            <ul>
              <li>
                <NavLink to="/account" end className="account-nav__link">
                  {es.account.navOrders}
                </NavLink>
              </li>
              <li>
                <NavLink to="/user/shows" className="account-nav__link">
                  {es.account.navTickets}
                </NavLink>
              </li>
              <li>
                <NavLink to="/account/profile" className="account-nav__link">
                  {es.account.navProfile}
                </NavLink>
              </li>
              <li>
                <button
                  type="button"
                  className="account-nav__link account-nav__logout"
                  onClick={() => void logOut()}
                >
                  {es.account.navLogout}
                </button>
              </li>
            </ul>
          </nav>
        </aside>
        <div className="account__content">
          <Outlet />
        </div>
      </div>
    </div>
  );
}
