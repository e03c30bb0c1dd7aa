import { describe, expect, it } from 'vitest';
import { autoSelectedPaymentMethod, availablePaymentMethods } from './payment-methods.ts';

describe('payment methods of a paid show', () => {
  it('offers only card when deposit is not enabled', () => {
    expect(availablePaymentMethods({})).toEqual(['CARD']);
    expect(availablePaymentMethods({ quickbuy_link: '/shows/x/quicklink' })).toEqual(['CARD']);
  });

  it('offers deposit only when the show also provides a quick-buy link', () => {
    expect(availablePaymentMethods({ deposit: true })).toEqual(['CARD']);
    expect(availablePaymentMethods({ deposit: true, quickbuy_link: '  ' })).toEqual(['CARD']);
    expect(availablePaymentMethods({ deposit: true, quickbuy_link: '/shows/x/quicklink' })).toEqual(
      ['DEPOSIT', 'CARD'],
    );
  });

  it('drops card for a deposit-only show', () => {
    expect(
      availablePaymentMethods({
        deposit: true,
        deposit_only: true,
        quickbuy_link: '/shows/x/quicklink',
      }),
    ).toEqual(['DEPOSIT']);
  });

  it('offers nothing when the show is deposit-only but cannot take deposits', () => {
    expect(availablePaymentMethods({ deposit_only: true })).toEqual([]);
  });
});

describe('automatic method choice', () => {
  it('picks the method when exactly one is offered', () => {
    expect(autoSelectedPaymentMethod(['CARD'])).toBe('CARD');
    expect(autoSelectedPaymentMethod(['DEPOSIT'])).toBe('DEPOSIT');
  });

  it('lets the buyer choose when there are two, and picks nothing when there are none', () => {
    expect(autoSelectedPaymentMethod(['DEPOSIT', 'CARD'])).toBeNull();
    expect(autoSelectedPaymentMethod([])).toBeNull();
  });
});
