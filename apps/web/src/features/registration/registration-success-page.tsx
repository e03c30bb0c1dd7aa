import { OrderSuccess } from '../../order-form/order-success';
import { esRegistration } from './es-registration';

const t = esRegistration.success;

/** /shows/:showId/registration/success/:orderId: the free tickets are the buyer's. */
export function RegistrationSuccessPage() {
  return (
    <OrderSuccess texts={t}>
      <p className="order-success__text">{t.text}</p>
    </OrderSuccess>
  );
}
