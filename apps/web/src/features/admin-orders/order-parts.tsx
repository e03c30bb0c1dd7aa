import type { ReactNode } from 'react';
import type { OrderPaymentType } from '@taquilla/contract';
import { formatMoney, formatOrderDate, orderStatusLabel, toMinorUnits } from '@taquilla/domain';
import type { Currency } from '@taquilla/domain';
import { adminOrdersTexts as t } from './admin-orders.texts';
import './admin-orders.css';

/** "Q 1,234.00" from an amount in quetzales (or dollars) as the API sends it. */
export const money = (amount: number, currency: Currency) =>
  formatMoney(toMinorUnits(amount), currency);

/** "−Q 20.00": an amount taken off (a discount), with its minus sign. */
export const minusMoney = (amount: number, currency: Currency) => `−${money(amount, currency)}`;

/** "5 dic 2026, 20:05", Guatemala time, as the buyer's own pages write an order's date. */
export const when = (iso: string) => formatOrderDate(new Date(iso));

export const paymentTypeLabel = (type: OrderPaymentType) => t.paymentTypes[type];

export const isDeposit = (type: OrderPaymentType) =>
  type === 'BANK_DEPOSIT' || type === 'ACCOUNT_BANK_DEPOSIT';

const TONES: Readonly<Record<string, string>> = {
  APPROVED: 'approved',
  REJECTED: 'rejected',
  CANCELLED: 'rejected',
  REFUND: 'refund',
  WAITING_CONFIRMATION: 'waiting',
};

/** An order's status in words ("Esperando aprobación") and colour. */
export function OrderStatusTag({ status }: { status: string }) {
  return (
    <span className={`status-tag order-status order-status--${TONES[status] ?? 'pending'}`}>
      {orderStatusLabel(status, 'detail')}
    </span>
  );
}

/** A list of label / value pairs (a buyer's data, a payment), skipping empty values. */
export function Facts({ items }: { items: [string, ReactNode][] }) {
  const shown = items.filter(([, value]) => value !== null && value !== undefined && value !== '');
  return (
    <dl className="order-facts">
      {shown.map(([label, value]) => (
        <div key={label} className="order-facts__row">
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
