import { useLocation, useParams } from 'react-router-dom';
import { OrderSuccess, orderNumberOf } from '../../order-form/order-success';
import { esRegistration } from './es-registration';

const t = esRegistration.success;

/** /shows/:showId/registration/success/:orderId: the free tickets are the buyer's. */
export function RegistrationSuccessPage() {
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
    </OrderSuccess>
  );
}
