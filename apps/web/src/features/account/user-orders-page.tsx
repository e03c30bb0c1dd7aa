import { es } from '../../i18n/es';
import { useSession } from '../../session/session-context';
import { OrderList } from './order-list';
import './account.css';

/** /user/orders (Mis Compras): the same orders with their status (002 §2.6). */
export function UserOrdersPage() {
  const { user } = useSession();
  if (!user) return null;
  return (
    <section className="page page--narrow account">
      <title>{es.documentTitle(es.account.userOrdersTitle)}</title>
      <h1 className="account__title">{es.account.userOrdersTitle}</h1>
      <OrderList userId={user._id} />
    </section>
  );
}
