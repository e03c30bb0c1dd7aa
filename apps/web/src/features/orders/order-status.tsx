import { useId } from 'react';
import type { Order } from '@taquilla/contract';
import {
  changeLogActionLabel,
  DEPOSIT_CONFIRMED_ACTION,
  DEPOSIT_REJECTED_ACTION,
  orderStatusLabel,
} from '@taquilla/domain';
import { FormAlert } from '../../components/form/form-alert';
import { orderStatusTone } from '../../components/orders/order-status-tone';
import { orderTexts } from './orders.texts';

const t = orderTexts;

/** 000 §4 Order status badges, with the order page's labels ("Aprobada", "Denegada"…). */
export function OrderStatusBadge({ status }: { status: string }) {
  const tone = orderStatusTone(status);
  return (
    <span className={`order-badge order-badge--${tone}`}>
      <span className="visually-hidden">{t.statusLabel}: </span>
      {orderStatusLabel(status, 'detail')}
    </span>
  );
}

/** The confirmation banner after a purchase (`?new=1`), or the post-purchase failure (000 §8). */
export function NewOrderBanner({ order }: { order: Order }) {
  if (order.status !== 'APPROVED' && order.status !== 'WAITING_CONFIRMATION') {
    return <FormAlert>{t.banner.failed}</FormAlert>;
  }
  return (
    <div className="form-alert form-alert--success order-message" role="status">
      <p className="order-message__title">{t.banner.success}</p>
      <p>{t.banner.successDetail(String(order.order_number))}</p>
    </div>
  );
}

/** 000 §4 Order page messages: success, deposit being verified, or a failure. */
export function OrderStatusMessage({ order }: { order: Order }) {
  if (order.status === 'APPROVED') {
    return (
      <div className="form-alert form-alert--success order-message">
        <p className="order-message__title">{t.messages.approved}</p>
        <p>{t.messages.approvedDetail(order.payment_info.email)}</p>
      </div>
    );
  }
  if (order.status === 'WAITING_CONFIRMATION') {
    return <DepositReviewMessage email={order.payment_info.email} />;
  }
  return (
    <div className="form-alert order-message">
      <p className="order-message__title">{t.messages.failed}</p>
    </div>
  );
}

/** A deposit under review: what the buyer waits for and what happens next. */
function DepositReviewMessage({ email }: { email: string }) {
  const nextId = useId();
  return (
    <div className="form-alert form-alert--warning order-message">
      <p className="order-message__title">{t.messages.waiting}</p>
      <p className="order-message__subtitle" id={nextId}>
        {t.messages.waitingNext}
      </p>
      <ol className="order-message__steps" aria-labelledby={nextId}>
        {t.messages.waitingSteps(email).map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </div>
  );
}

/** How it was paid: method, card (last four and brand), authorization and reference. */
export function PaymentDetails({ order }: { order: Order }) {
  const titleId = useId();
  const { payment_info: info, payment_response: response } = order;
  const brand = info.cc_brand ? (t.brands[info.cc_brand] ?? info.cc_brand) : null;
  const decisions = order.change_log.filter(
    (entry) =>
      entry.action === DEPOSIT_CONFIRMED_ACTION || entry.action === DEPOSIT_REJECTED_ACTION,
  );
  const rows: [string, string][] = [[t.payment.method, t.methods[order.payment_type]]];
  if (info.cc_number)
    rows.push([t.payment.card, brand ? `${info.cc_number} · ${brand}` : info.cc_number]);
  if (response?.authorization) rows.push([t.payment.authorization, response.authorization]);
  if (info.reference) rows.push([t.payment.reference, info.reference]);
  if (order.status !== 'APPROVED' && response?.response_text) {
    rows.push([t.payment.bankResponse, response.response_text]);
  }
  for (const entry of decisions) {
    const label = changeLogActionLabel(entry.action);
    rows.push([t.payment.depositReview, entry.reason ? `${label}: ${entry.reason}` : label]);
  }
  rows.push([t.payment.email, info.email]);

  return (
    <section className="card order-panel" aria-labelledby={titleId}>
      <h2 className="order-panel__title" id={titleId}>
        {t.payment.title}
      </h2>
      <dl className="order-facts order-facts--stacked">
        {rows.map(([label, value]) => (
          <div key={`${label}-${value}`} className="order-facts__row">
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
