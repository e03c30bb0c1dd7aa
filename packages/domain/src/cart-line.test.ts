import { describe, expect, it } from 'vitest';
import { cartSummary, isCartSessionId, lineUnitPrice, priceLine, saleTotals } from './cart-line.ts';

const rules = [{ rule_type: 'quantity_discount', quantity_min: 4, item_discount_price: 9000 }];

describe('pricing a cart line from its ticket', () => {
  it('charges price × quantity and the fee per unit on top', () => {
    expect(priceLine({ unitPrice: 15000, fee: 1000, feeIncluded: false }, 3)).toEqual({
      price: 15000,
      discount_price: 0,
      fee: 1000,
      fee_included: false,
      total_price: 45000,
      total_fee: 3000,
    });
  });

  it('charges no fee on top when the fee is included in the price', () => {
    const line = priceLine({ unitPrice: 15000, fee: 1000, feeIncluded: true }, 2);
    expect(line.total_price).toBe(30000);
    expect(line.total_fee).toBe(0);
    expect(line.fee).toBe(1000);
  });

  it('applies the quantity discount to every unit from quantity_min, and says the unit price', () => {
    const below = priceLine({ unitPrice: 10000, fee: 0, feeIncluded: false, priceRules: rules }, 3);
    expect(below).toMatchObject({ total_price: 30000, discount_price: 0 });
    const at = priceLine({ unitPrice: 10000, fee: 500, feeIncluded: false, priceRules: rules }, 4);
    expect(at).toMatchObject({ total_price: 36000, discount_price: 9000, total_fee: 2000 });
  });

  it('gives the unit price each unit cost: the rule’s price when it applied, else the price', () => {
    const below = priceLine({ unitPrice: 10000, fee: 0, feeIncluded: false, priceRules: rules }, 3);
    const at = priceLine({ unitPrice: 10000, fee: 0, feeIncluded: false, priceRules: rules }, 4);
    expect([lineUnitPrice(below), lineUnitPrice(at)]).toEqual([10000, 9000]);
  });

  it('prices a free ticket at zero', () => {
    expect(priceLine({ unitPrice: 0, fee: 0, feeIncluded: false }, 5)).toMatchObject({
      total_price: 0,
      total_fee: 0,
    });
  });
});

describe('cart summary', () => {
  it('adds prices and fees, subtracts the discount, never below zero', () => {
    const lines = [
      { total_price: 30000, total_fee: 2000 },
      { total_price: 10000, total_fee: 0 },
    ];
    expect(cartSummary(lines, 5000)).toEqual({
      subtotal: 42000,
      total_discount: 5000,
      total: 37000,
    });
    expect(cartSummary(lines, 99999)).toEqual({ subtotal: 42000, total_discount: 42000, total: 0 });
    expect(cartSummary([], 1000)).toEqual({ subtotal: 0, total_discount: 0, total: 0 });
  });

  it('answers a cart’s and an order’s totals: subtotal before fees, fees apart, both discounted', () => {
    const lines = [
      { total_price: 30000, total_fee: 2000 },
      { total_price: 10000, total_fee: 0 },
    ];
    expect(saleTotals(lines, 5000)).toEqual({
      subtotal: 40000,
      total_fee: 2000,
      total_discount: 5000,
      total: 37000,
    });
    expect(saleTotals(lines, 99999)).toEqual({
      subtotal: 40000,
      total_fee: 2000,
      total_discount: 42000,
      total: 0,
    });
  });
});

describe('cart session ids', () => {
  it('accepts a browser UUID and 128-bit base64url ids', () => {
    expect(isCartSessionId('3f1c2b9e-8a7d-4c6b-9e2f-1a2b3c4d5e6f')).toBe(true);
    expect(isCartSessionId('q0Zf3kT9xW2mB7nL5pR8sA')).toBe(true);
  });

  it('refuses short, empty or non URL-safe ids', () => {
    for (const id of [
      '',
      'abc',
      'q0Zf3kT9xW2mB7nL5pR8s',
      'q0Zf3kT9xW2mB7nL5pR8sA/',
      'ñ'.repeat(30),
    ]) {
      expect(isCartSessionId(id)).toBe(false);
    }
  });
});
