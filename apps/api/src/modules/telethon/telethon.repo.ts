import type { Db } from '../../infra/db.ts';

export interface TelethonCodeRow {
  code: string;
  show_id: string;
  show_name: string;
  ticket_name: string;
  activated: boolean;
  total: number;
}

/**
 * The codes of APPROVED orders whose buyer gave `dpi` as the `dpi` custom
 * field, oldest order first. The expression and the `IS NOT NULL` match the
 * partial index `orders_custom_fields_dpi_idx` (migration
 * 20261128100000_telethon_dpi_and_downloads), so PostgreSQL finds the orders
 * without reading the table.
 */
export function findApprovedCodesByDpi(db: Db, dpi: string, take: number) {
  return db.$queryRaw<TelethonCodeRow[]>`
    SELECT tc.code, oi.show_id::text AS show_id, oi.show_name, t.fullname AS ticket_name,
           tc.activated_at IS NOT NULL AS activated,
           (count(*) OVER ())::int AS total
      FROM orders o
      JOIN ticket_codes tc ON tc.order_id = o.id
      JOIN order_items oi ON oi.id = tc.order_item_id
      JOIN tickets t ON t.id = oi.ticket_id
     WHERE (o.payment_info -> 'custom_fields' ->> 'dpi') = ${dpi}
       AND (o.payment_info -> 'custom_fields' ->> 'dpi') IS NOT NULL
       AND o.status = 'APPROVED'
       AND tc.voided_at IS NULL
     ORDER BY o.created_at, tc.code
     LIMIT ${take}`;
}
