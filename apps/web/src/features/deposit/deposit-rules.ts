import type { BuyerForm } from '../../order-form/buyer-form';
import { PAYING_BUYER_REQUIRED, areFilled, emailsMatch } from '../../order-form/buyer-form';
import { areRequiredCustomFieldsFilled } from '../../order-form/custom-fields';
import type { CustomField, CustomValues } from '../../order-form/custom-fields';
import { isValidNit } from '@taquilla/domain';

/** 000 §5 Deposit submit: the buyer fields that must not be empty, as for a card. */
export const DEPOSIT_REQUIRED = PAYING_BUYER_REQUIRED;

export type DepositState = {
  ticketCount: number;
  proofLink: string | null;
  form: BuyerForm;
  askForNit: boolean;
  customFields: readonly CustomField[];
  customValues: CustomValues;
};

export type DepositMissing = 'tickets' | 'proof' | 'buyer' | 'email' | 'nit' | 'customFields';

/**
 * What still keeps "Registrar Pago" disabled (000 §5 Deposit submit), in the form's order:
 * tickets chosen, the buyer fields filled, the e-mail equal to its confirmation, a valid
 * NIT when the show asks for one, every required custom field, and an uploaded proof.
 */
export function depositMissing(state: DepositState): DepositMissing[] {
  const missing: DepositMissing[] = [];
  if (state.ticketCount <= 0) missing.push('tickets');
  if (!state.proofLink) missing.push('proof');
  if (!areFilled(state.form, DEPOSIT_REQUIRED)) missing.push('buyer');
  else if (!emailsMatch(state.form)) missing.push('email');
  if (state.askForNit && !isValidNit(state.form.nit)) missing.push('nit');
  if (!areRequiredCustomFieldsFilled(state.customFields, state.customValues)) {
    missing.push('customFields');
  }
  return missing;
}

export function canSubmitDeposit(state: DepositState): boolean {
  return depositMissing(state).length === 0;
}

type DepositPaymentType = 'BANK_DEPOSIT' | 'ACCOUNT_BANK_DEPOSIT';

/**
 * The order's payment type: the show's `deposit_payment_type` when every chosen ticket
 * takes it, else the other deposit type if they all take that (the server refuses a line
 * whose ticket does not take the order's type).
 */
export function depositPaymentType(
  preferred: DepositPaymentType | undefined,
  ticketPaymentTypes: readonly (readonly string[])[],
): DepositPaymentType {
  const first = preferred ?? 'BANK_DEPOSIT';
  const other: DepositPaymentType =
    first === 'BANK_DEPOSIT' ? 'ACCOUNT_BANK_DEPOSIT' : 'BANK_DEPOSIT';
  const takenByAll = (type: string) => ticketPaymentTypes.every((types) => types.includes(type));
  if (takenByAll(first) || !takenByAll(other)) return first;
  return other;
}
