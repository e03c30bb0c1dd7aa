import { describe, expect, it } from 'vitest';
import { BUYER_DEFAULTS } from '../../order-form/buyer-form';
import type { CustomField } from '../../order-form/custom-fields';
import { canSubmitDeposit, depositMissing, depositPaymentType } from './deposit-rules';
import type { DepositState } from './deposit-rules';

const complete: DepositState = {
  ticketCount: 2,
  proofLink: 'http://localhost/storage/proofs/x/y/z.png',
  form: {
    ...BUYER_DEFAULTS,
    firstname: 'Ana',
    lastname: 'López',
    email: 'ana@correo.gt',
    emailConfirm: 'ana@correo.gt',
    phone: '5555 1234',
    address: '6a Avenida 10-25, Zona 1',
  },
  askForNit: false,
  customFields: [],
  customValues: {},
};

const required: CustomField = {
  key: 'banco',
  label: 'Banco de origen',
  type: 'text',
  required: true,
  options: [],
};

describe('deposit submit (000 §5)', () => {
  it('waits for the address, which starts empty', () => {
    const blank = { ...complete, form: { ...complete.form, address: BUYER_DEFAULTS.address } };
    expect(BUYER_DEFAULTS.address).toBe('');
    expect(canSubmitDeposit(blank)).toBe(false);
    expect(depositMissing(blank)).toEqual(['buyer']);
  });

  it('is enabled once everything the rule names is there', () => {
    expect(canSubmitDeposit(complete)).toBe(true);
  });

  it.each([
    'firstname',
    'lastname',
    'email',
    'phone',
    'address',
    'city',
    'state',
    'country',
  ] as const)('waits for a non-empty %s', (field) => {
    expect(depositMissing({ ...complete, form: { ...complete.form, [field]: '  ' } })).toEqual([
      'buyer',
    ]);
  });

  it('waits for the e-mail to equal its confirmation, in any case', () => {
    const form = { ...complete.form, emailConfirm: 'ana@otro.gt' };
    expect(depositMissing({ ...complete, form })).toEqual(['email']);
    expect(
      canSubmitDeposit({ ...complete, form: { ...form, emailConfirm: 'ANA@correo.gt' } }),
    ).toBe(true);
  });

  it('waits for tickets and for an uploaded proof', () => {
    expect(depositMissing({ ...complete, ticketCount: 0, proofLink: null })).toEqual([
      'tickets',
      'proof',
    ]);
  });

  it('asks a valid NIT (or C/F) only when the show asks for one', () => {
    expect(canSubmitDeposit({ ...complete, askForNit: false })).toBe(true);
    expect(depositMissing({ ...complete, askForNit: true })).toEqual(['nit']);
    const withNit = (nit: string) => ({
      ...complete,
      askForNit: true,
      form: { ...complete.form, nit },
    });
    expect(canSubmitDeposit(withNit('123'))).toBe(false);
    expect(canSubmitDeposit(withNit('cf'))).toBe(true);
    expect(canSubmitDeposit(withNit('1234567-8'))).toBe(true);
  });

  it('waits for every required custom field', () => {
    const state = { ...complete, customFields: [required] };
    expect(depositMissing({ ...state, customValues: { banco: ' ' } })).toEqual(['customFields']);
    expect(canSubmitDeposit({ ...state, customValues: { banco: 'BAM' } })).toBe(true);
  });
});

describe('deposit payment type', () => {
  it("uses the show's type when every ticket takes it, else the one they all take", () => {
    expect(depositPaymentType(undefined, [['BANK_DEPOSIT']])).toBe('BANK_DEPOSIT');
    expect(depositPaymentType('ACCOUNT_BANK_DEPOSIT', [['ACCOUNT_BANK_DEPOSIT']])).toBe(
      'ACCOUNT_BANK_DEPOSIT',
    );
    expect(depositPaymentType(undefined, [['CREDIT_CARD', 'ACCOUNT_BANK_DEPOSIT']])).toBe(
      'ACCOUNT_BANK_DEPOSIT',
    );
    expect(depositPaymentType('BANK_DEPOSIT', [['BANK_DEPOSIT'], ['ACCOUNT_BANK_DEPOSIT']])).toBe(
      'BANK_DEPOSIT',
    );
  });
});
