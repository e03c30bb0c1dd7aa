import type { BuyerField, BuyerForm } from '../../order-form/buyer-form';
import { areFilled, emailsMatch, isOptionalNitOk } from '../../order-form/buyer-form';
import { areRequiredCustomFieldsFilled } from '../../order-form/custom-fields';
import type { CustomField, CustomValues } from '../../order-form/custom-fields';

/** 000 §5 Registration submit: phone, address, city, state, zip and NIT are optional. */
export const REGISTRATION_REQUIRED: readonly BuyerField[] = [
  'firstname',
  'lastname',
  'email',
  'emailConfirm',
  'country',
];

export type RegistrationState = {
  ticketCount: number;
  form: BuyerForm;
  customFields: readonly CustomField[];
  customValues: CustomValues;
};

export type RegistrationMissing = 'tickets' | 'buyer' | 'email' | 'nit' | 'customFields';

/**
 * What still keeps "Completar Registro" disabled (000 §5): tickets chosen, names, e-mail
 * and country filled, the e-mail equal to its confirmation. A NIT is optional, but one
 * typed must pass the NIT check, and the show's required questions must be answered:
 * the server refuses the order otherwise.
 */
export function registrationMissing(state: RegistrationState): RegistrationMissing[] {
  const missing: RegistrationMissing[] = [];
  if (state.ticketCount <= 0) missing.push('tickets');
  if (!areFilled(state.form, REGISTRATION_REQUIRED)) missing.push('buyer');
  else if (!emailsMatch(state.form)) missing.push('email');
  if (!isOptionalNitOk(state.form.nit)) missing.push('nit');
  if (!areRequiredCustomFieldsFilled(state.customFields, state.customValues)) {
    missing.push('customFields');
  }
  return missing;
}

export function canSubmitRegistration(state: RegistrationState): boolean {
  return registrationMissing(state).length === 0;
}
