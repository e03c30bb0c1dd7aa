import type { AccountOrder } from '@taquilla/contract';
import { fromMinorUnits } from '@taquilla/domain';
import type { AccountOrderRow } from './account-orders.repo.ts';

/** Row → wire (002 §3 order as listed in account pages): centavos become decimals. */
export function toAccountOrder(row: AccountOrderRow): AccountOrder {
  return {
    _id: row.id,
    order_number: row.orderNumber,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
    total: fromMinorUnits(row.total),
    currency: row.currency,
    tickets: row.items.map((item) => ({
      _id: item.id,
      show_name: item.showName,
      description: item.description,
      quantity: item.quantity,
    })),
  };
}
