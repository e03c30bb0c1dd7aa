import { useLocation, useParams } from 'react-router-dom';
import { OrderSuccess, orderNumberOf } from '../../order-form/order-success';
import { esDeposit } from './es-deposit';

const t = esDeposit.success;

/** /shows/:showId/quicklink/success/:orderId: the deposit is registered and waits for review. */
export function DepositSuccessPage() {
  const { showId = '', orderId = '' } = useParams();
  const orderNumber = orderNumberOf(useLocation().state);
  return (
    <OrderSuccess
      title={t.title}
      orderId={orderId}
      showId={showId}
      orderLink={t.orderLink}
      showLink={t.showLink}
    >
      {orderNumber !== null && <p className="order-success__number">{t.order(orderNumber)}</p>}
      <p className="order-success__text">{t.text}</p>
      <p className="order-success__text">{t.next}</p>
    </OrderSuccess>
  );
}
