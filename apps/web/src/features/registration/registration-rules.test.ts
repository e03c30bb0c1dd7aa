import { describe, expect, it } from 'vitest';
import { BUYER_DEFAULTS } from '../../order-form/buyer-form';
import { canSubmitRegistration, registrationMissing } from './registration-rules';
import type { RegistrationState } from './registration-rules';

const complete: RegistrationState = {
  ticketCount: 1,
  form: {
    ...BUYER_DEFAULTS,
    firstname: 'Luis',
    lastname: 'Pérez',
    email: 'luis@correo.gt',
    emailConfirm: 'luis@correo.gt',
    address: '',
    city: '',
    state: '',
  },
  customFields: [],
  customValues: {},
};

describe('registration submit (000 §5)', () => {
  it('needs only names, e-mail twice, country and a ticket', () => {
    expect(canSubmitRegistration(complete)).toBe(true);
  });

  it.each(['firstname', 'lastname', 'email', 'emailConfirm', 'country'] as const)(
    'waits for a non-empty %s',
    (field) => {
      expect(registrationMissing({ ...complete, form: { ...complete.form, [field]: '' } })).toEqual(
        ['buyer'],
      );
    },
  );

  it('waits for a ticket and for matching e-mails', () => {
    expect(registrationMissing({ ...complete, ticketCount: 0 })).toEqual(['tickets']);
    expect(
      registrationMissing({
        ...complete,
        form: { ...complete.form, emailConfirm: 'otro@correo.gt' },
      }),
    ).toEqual(['email']);
  });

  it('takes an empty NIT but not a malformed one', () => {
    const withNit = (nit: string) => ({ ...complete, form: { ...complete.form, nit } });
    expect(canSubmitRegistration(withNit(''))).toBe(true);
    expect(canSubmitRegistration(withNit('C/F'))).toBe(true);
    expect(registrationMissing(withNit('12'))).toEqual(['nit']);
  });

  it('waits for the required custom fields only', () => {
    const state: RegistrationState = {
      ...complete,
      customFields: [
        { key: 'institucion', label: 'Institución', type: 'text', required: true, options: [] },
        { key: 'empresa', label: 'Empresa', type: 'text', required: false, options: [] },
      ],
    };
    expect(registrationMissing(state)).toEqual(['customFields']);
    expect(canSubmitRegistration({ ...state, customValues: { institucion: 'USAC' } })).toBe(true);
  });
});
