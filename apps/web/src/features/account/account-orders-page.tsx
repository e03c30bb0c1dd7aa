import { useId } from 'react';
import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';
import { OrderList } from './order-list';

/** /account: "Mis Órdenes" inside Mi Cuenta. */
export function AccountOrdersPage() {
  const { user } = useSession();
  const titleId = useId();
  if (!user) return null;
  return (
    <section className="account-section" aria-labelledby={titleId}>
      <title>{es.documentTitle(es.account.title)}</title>
      <h2 className="account-section__title" id={titleId}>
        {es.account.ordersTitle}
      </h2>
      <OrderList userId={user._id} />
    </section>
  );
}
