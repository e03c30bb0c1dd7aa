import { describe, it, expect } from 'vitest';
import {
  applyPriceRules,
  bundleQuantity,
  cartTotal,
  orderTotal,
  promoDiscount,
} from './pricing.ts';
import type { PriceRule } from './pricing.ts';

function quantityRule(quantity_min: number, item_discount_price: number): PriceRule {
  return { rule_type: 'quantity_discount', quantity_min, item_discount_price };
}

describe('quantity discount', () => {
  const price_rules = [quantityRule(4, 9000)];

  it('charges the list price below the threshold', () => {
    expect(applyPriceRules({ unitPrice: 10000, quantity: 3, price_rules })).toEqual({
      total: 30000,
      discount: 0,
    });
  });

  it('charges the discount price for every ticket once the threshold is reached', () => {
    expect(applyPriceRules({ unitPrice: 10000, quantity: 4, price_rules })).toEqual({
      total: 36000,
      discount: 4000,
    });
  });

  it('picks the cheapest of several applicable rules', () => {
    const rules = [quantityRule(2, 9500), quantityRule(6, 8000), quantityRule(4, 9000)];
    expect(applyPriceRules({ unitPrice: 10000, quantity: 6, price_rules: rules }).total).toBe(
      48000,
    );
    expect(applyPriceRules({ unitPrice: 10000, quantity: 5, price_rules: rules }).total).toBe(
      45000,
    );
  });

  it('never raises the price', () => {
    expect(
      applyPriceRules({ unitPrice: 10000, quantity: 5, price_rules: [quantityRule(2, 12000)] }),
    ).toEqual({ total: 50000, discount: 0 });
  });

  it('ignores other rule types and incomplete rules', () => {
    const rules: PriceRule[] = [
      { rule_type: 'early_bird', quantity_min: 1, item_discount_price: 1 },
      { rule_type: 'quantity_discount', quantity_min: 1, item_discount_price: null },
    ];
    expect(applyPriceRules({ unitPrice: 10000, quantity: 2, price_rules: rules }).total).toBe(
      20000,
    );
  });

  it('works without rules and with nothing selected', () => {
    expect(applyPriceRules({ unitPrice: 2500, quantity: 2 })).toEqual({ total: 5000, discount: 0 });
    expect(applyPriceRules({ unitPrice: 2500, quantity: 0, price_rules })).toEqual({
      total: 0,
      discount: 0,
    });
  });

  it('refuses fractional or negative amounts', () => {
    expect(() => applyPriceRules({ unitPrice: 99.5, quantity: 1 })).toThrow(RangeError);
    expect(() => applyPriceRules({ unitPrice: 100, quantity: -1 })).toThrow(RangeError);
  });
});

describe('promo discount', () => {
  it('rounds a percentage to the nearest whole quetzal', () => {
    // 10 % of Q 150.50 is Q 15.05.
    expect(promoDiscount({ subtotal: 15050, discount_type: 'PERCENT', discount_value: 10 })).toBe(
      1500,
    );
    // 10 % of Q 156.00 is Q 15.60.
    expect(promoDiscount({ subtotal: 15600, discount_type: 'PERCENT', discount_value: 10 })).toBe(
      1600,
    );
  });

  it('rounds an exact half quetzal up', () => {
    // 50 % of Q 1.00 is Q 0.50.
    expect(promoDiscount({ subtotal: 100, discount_type: 'PERCENT', discount_value: 50 })).toBe(
      100,
    );
    // 25 % of Q 6.00 is Q 1.50.
    expect(promoDiscount({ subtotal: 600, discount_type: 'PERCENT', discount_value: 25 })).toBe(
      200,
    );
  });

  it('handles fractional rates without float drift', () => {
    // 12.5 % of Q 100.00 is Q 12.50.
    expect(promoDiscount({ subtotal: 10000, discount_type: 'PERCENT', discount_value: 12.5 })).toBe(
      1300,
    );
    // 33.33 % of Q 300.00 is Q 99.99.
    expect(
      promoDiscount({ subtotal: 30000, discount_type: 'PERCENT', discount_value: 33.33 }),
    ).toBe(10000);
  });

  it('takes a fixed discount as given', () => {
    expect(promoDiscount({ subtotal: 10000, discount_type: 'FIXED', discount_value: 2550 })).toBe(
      2550,
    );
  });

  it('caps any discount at the subtotal', () => {
    expect(promoDiscount({ subtotal: 1000, discount_type: 'FIXED', discount_value: 5000 })).toBe(
      1000,
    );
    expect(promoDiscount({ subtotal: 50, discount_type: 'PERCENT', discount_value: 100 })).toBe(50);
    expect(promoDiscount({ subtotal: 1000, discount_type: 'PERCENT', discount_value: 150 })).toBe(
      1000,
    );
  });

  it('is zero on an empty subtotal or a non-positive value', () => {
    expect(promoDiscount({ subtotal: 0, discount_type: 'FIXED', discount_value: 500 })).toBe(0);
    expect(promoDiscount({ subtotal: 0, discount_type: 'PERCENT', discount_value: 10 })).toBe(0);
    expect(promoDiscount({ subtotal: 1000, discount_type: 'FIXED', discount_value: -5 })).toBe(0);
  });
});

describe('cart and order totals', () => {
  const items = [
    { total_price: 20000, total_fee: 1500 },
    { total_price: 5000, total_fee: 0 },
    { total_price: 1000 },
  ];

  it('adds every price and fee', () => {
    expect(cartTotal(items)).toBe(27500);
    expect(cartTotal([])).toBe(0);
  });

  it('takes the promo discount off the order total', () => {
    expect(orderTotal(items, 2500)).toBe(25000);
  });

  it('never lets the order total go negative', () => {
    expect(orderTotal(items, 30000)).toBe(0);
  });
});

describe('bundle quantity', () => {
  it('multiplies the bundle amount by the tickets chosen', () => {
    expect(bundleQuantity(2, 3)).toBe(6);
    expect(bundleQuantity(4, 0)).toBe(0);
  });

  it('refuses negative or fractional inputs', () => {
    expect(() => bundleQuantity(-1, 2)).toThrow(RangeError);
    expect(() => bundleQuantity(1.5, 2)).toThrow(RangeError);
  });
});
