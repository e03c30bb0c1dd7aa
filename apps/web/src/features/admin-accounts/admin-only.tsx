import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ConsolePage } from '../../components/console/console-page';
import { useSession } from '../../session/session-context';
import { adminAccountsTexts as t } from './admin-accounts.texts';

/**
 * Admin-only pages: a Producer who types the address is told so plainly (the API
 * answers 403 anyway), instead of a page of errors.
 */
export function AdminOnly({ title, children }: { title: string; children: ReactNode }) {
  const { session } = useSession();
  if (session?.role !== 'Admin') {
    return (
      <ConsolePage title={title}>
        <div className="console-section" role="alert">
          <h2 className="console-section__title">{t.adminOnly.title}</h2>
          <p>{t.adminOnly.message}</p>
          <p>
            <Link className="button button--secondary" to="/admin">
              {t.adminOnly.back}
            </Link>
          </p>
        </div>
      </ConsolePage>
    );
  }
  return <>{children}</>;
}
