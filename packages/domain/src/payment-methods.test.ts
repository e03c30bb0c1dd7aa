import { describe, expect, it } from 'vitest';
import {
  autoSelectedPaymentMethod,
  availablePaymentMethods,
  isExternalQuickbuy,
  sellsBySeatMap,
} from './payment-methods.ts';

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

describe('how a show page sells', () => {
  it('sells on the seat map only for a map show that is not registration-style', () => {
    expect(sellsBySeatMap({ has_map: true })).toBe(true);
    expect(sellsBySeatMap({ has_map: true, registration: true })).toBe(false);
    expect(sellsBySeatMap({})).toBe(false);
  });

  it('treats only an http(s) quick-buy link as another site', () => {
    expect(isExternalQuickbuy({ quickbuy_link: 'https://boletos.example/x' })).toBe(true);
    expect(isExternalQuickbuy({ quickbuy_link: '/shows/abc/quicklink' })).toBe(false);
    expect(isExternalQuickbuy({})).toBe(false);
  });
});
