import type { Db } from '../../infra/db.ts';

export interface TelethonCodeRow {
  code: string;
  show_id: string;
  show_name: string;
  ticket_name: string;
  activated: boolean;
  /** The order's e-mail: where "Enviarme mis códigos" sends the code. */
  email: string;
  /** The caller (`viewerUserId`) bought it: the order is theirs, or went to their verified e-mail. */
  is_buyer: boolean;
  total: number;
}

/**
 * The codes of APPROVED orders whose buyer gave `dpi` as the `dpi` custom field,
 * for telethon shows only (landing template `telethon`, or a date of one), and of
 * `showId` (or its dates) when given; oldest order first. The DPI expression and
 * its `IS NOT NULL` match the partial index `orders_custom_fields_dpi_idx`
 * (migration 20261128100000_telethon_dpi_and_downloads), so PostgreSQL finds the
 * orders without reading the table. `is_buyer` compares with the account of
 * `userId` (null: nobody signed in).
 */
export function findTelethonCodesByDpi(
  db: Db,
  query: { dpi: string; showId: string | null; userId: string | null; take: number },
) {
  return db.$queryRaw<TelethonCodeRow[]>`
    SELECT tc.code, oi.show_id::text AS show_id, oi.show_name, t.fullname AS ticket_name,
           tc.activated_at IS NOT NULL AS activated,
           o.email,
           COALESCE(u.id = o.user_id
                    OR (u.email_verified_at IS NOT NULL AND lower(u.email) = lower(o.email)),
                    false) AS is_buyer,
           (count(*) OVER ())::int AS total
      FROM orders o
      JOIN ticket_codes tc ON tc.order_id = o.id
      JOIN order_items oi ON oi.id = tc.order_item_id
      JOIN tickets t ON t.id = oi.ticket_id
      JOIN shows s ON s.id = oi.show_id
      LEFT JOIN shows parent ON parent.id = s.parent_show_id
      LEFT JOIN users u ON u.id = ${query.userId}::uuid
     WHERE (o.payment_info -> 'custom_fields' ->> 'dpi') = ${query.dpi}
       AND (o.payment_info -> 'custom_fields' ->> 'dpi') IS NOT NULL
       AND o.status = 'APPROVED'
       AND tc.voided_at IS NULL
       AND 'telethon' IN (s.settings -> 'landing' ->> 'template',
                          parent.settings -> 'landing' ->> 'template')
       AND (${query.showId}::uuid IS NULL OR ${query.showId}::uuid IN (s.id, s.parent_show_id))
     ORDER BY o.created_at, tc.code
     LIMIT ${query.take}`;
}
