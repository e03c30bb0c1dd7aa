import { endpoints } from '@taquilla/contract/plain';
import type { PaymentType } from '@taquilla/contract';
import { useApiQuery } from '../../../api/use-api-query';

/** Every way a paid show sells (000 §7), for the important-information ticket list. */
export const PAID_SHOW_PAYMENT_TYPES: readonly PaymentType[] = [
  'CREDIT_CARD',
  'REGISTRATION',
  'BANK_DEPOSIT',
  'ACCOUNT_BANK_DEPOSIT',
];
export const UNPAID_SHOW_PAYMENT_TYPES: readonly PaymentType[] = ['REGISTRATION'];
export const CARD_PAYMENT_TYPES: readonly PaymentType[] = ['CREDIT_CARD'];
export const DEPOSIT_PAYMENT_TYPES: readonly PaymentType[] = [
  'BANK_DEPOSIT',
  'ACCOUNT_BANK_DEPOSIT',
];

/** GET /shows/{showId}/tickets?paymentType=A|B: visible tickets with real availability. */
export function useShowTickets(showId: string, paymentTypes: readonly PaymentType[]) {
  return useApiQuery(endpoints.listTickets, {
    params: { id: showId },
    query: { paymentType: paymentTypes.join('|') },
  });
}
