import { OrderSuccess } from '../../order-form/order-success';
import { esDeposit } from './es-deposit';

const t = esDeposit.success;

/** /shows/:showId/quicklink/success/:orderId: the deposit is registered and waits for review. */
export function DepositSuccessPage() {
  return (
    <OrderSuccess texts={t}>
      <p className="order-success__text">{t.text}</p>
      <p className="order-success__text">{t.next}</p>
    </OrderSuccess>
  );
}
