import { NavLink, Outlet } from 'react-router-dom';
import { consoleTexts } from '../../components/console/console-texts';
import '../../components/console/console.css';
import { useSession } from '../../session/session-context';
import { adminShellTexts as t } from './admin-shell.texts';

type NavItem = { to: string; label: string; end?: boolean; adminOnly?: boolean };

const NAV: readonly NavItem[] = [
  { to: '/admin', label: consoleTexts.nav.home, end: true },
  { to: '/admin/shows', label: consoleTexts.nav.shows },
  { to: '/admin/orders', label: consoleTexts.nav.orders, end: true },
  { to: '/admin/orders/deposits', label: consoleTexts.nav.deposits },
  { to: '/admin/promo-codes', label: consoleTexts.nav.promoCodes },
  { to: '/admin/door', label: consoleTexts.nav.door },
  { to: '/admin/accounts', label: consoleTexts.nav.accounts, adminOnly: true },
  { to: '/admin/audit', label: consoleTexts.nav.audit, adminOnly: true },
];

/** The console's frame: its menu (accounts and the audit log for admins only) and the page. */
export function ConsoleLayout() {
  const { session, user } = useSession();
  const isAdmin = session?.role === 'Admin';
  const roleName = isAdmin ? t.roleAdmin : t.roleProducer;
  return (
    <div className="console">
      <nav className="console-nav" aria-label={consoleTexts.navLabel}>
        <p className="console-nav__role">{t.actingAs(roleName, user?.fullname ?? '')}</p>
        <ul>
          {NAV.filter((item) => isAdmin || !item.adminOnly).map((item) => (
            <li key={item.to}>
              <NavLink to={item.to} end={item.end} className="console-nav__link">
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
