import type { CartItem } from '@taquilla/contract';
import { formatMoney, toMinorUnits } from '@taquilla/domain';
import type { Currency } from '@taquilla/domain';

/** A line's amounts in the cart's currency: a dollar cart reads the `_usd` twins (000 §9). */
export function lineAmounts(item: CartItem, currency: Currency) {
  if (currency === 'USD') {
    return {
      price: item.price_usd ?? 0,
      discountPrice: item.discount_price_usd ?? 0,
      fee: item.fee_usd ?? 0,
      totalPrice: item.total_price_usd ?? 0,
      totalFee: item.total_fee_usd ?? 0,
    };
  }
  return {
    price: item.price,
    discountPrice: item.discount_price,
    fee: item.fee,
    totalPrice: item.total_price,
    totalFee: item.total_fee,
  };
}

/** "Q 1,234.00" from the wire's decimal amount. */
export function money(amount: number, currency: Currency): string {
  return formatMoney(toMinorUnits(amount), currency);
}
