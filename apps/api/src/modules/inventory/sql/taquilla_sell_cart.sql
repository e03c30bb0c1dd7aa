-- taquilla_sell_cart: the source of this database function (decision 0076). A change is made
-- here and copied, whole, into a new migration as CREATE OR REPLACE FUNCTION; the
-- test sql-function-sources.test.ts fails while the latest migration differs.
--
-- The sale (decision 0080): a cart's holds become the order's sales, inside
-- taquilla_place_order's transaction, after the order's row is written (the seats'
-- sales point at it) and before anything else is locked. In this order:
--   1. each counted ticket's row FOR NO KEY UPDATE, in ticket-id order (the lock a hold
--      takes), so nobody counts these units as free while they move from the cart to the
--      order (held loses them when the cart closes, decision 0082);
--   2. the cart's live seat holds become sales; fewer than the cart's seat lines means a
--      hold was lost (its time passed and another buyer took the seat): CART_EXPIRED;
--   3. `tickets.sold` grows by the cart's units, for tickets without dates (those count
--      their order lines, decision 0008);
--   4. the cart is CHECKED_OUT: its lines no longer count as holds.
-- Returns the seats sold, to announce once committed.
CREATE OR REPLACE FUNCTION taquilla_sell_cart(p_cart uuid, p_order uuid, p_now timestamptz)
RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  v_line record;
  v_seat_lines integer;
  v_sold json;
  v_sold_count integer;
BEGIN
  PERFORM 1 FROM tickets
   WHERE id IN (SELECT ticket_id FROM cart_items WHERE cart_id = p_cart AND seat_id IS NULL)
   ORDER BY id FOR NO KEY UPDATE;

  SELECT count(*) INTO v_seat_lines FROM cart_items WHERE cart_id = p_cart AND seat_id IS NOT NULL;
  WITH sold AS (
    UPDATE seat_reservations r
       SET kind = 'SALE', order_id = p_order, expires_at = NULL, cart_id = NULL,
           cart_item_id = NULL
      FROM seats s
     WHERE s.id = r.seat_id AND r.cart_id = p_cart AND r.kind = 'HOLD' AND r.expires_at > p_now
    RETURNING r.show_id, r.seat_id, s.section_id)
  SELECT count(*)::integer,
         coalesce(json_agg(json_build_object('showId', show_id, 'seatId', seat_id,
                                             'sectionId', section_id)), '[]'::json)
    INTO v_sold_count, v_sold FROM sold;
  IF v_sold_count <> v_seat_lines THEN RAISE EXCEPTION 'taquilla:CART_EXPIRED'; END IF;

  FOR v_line IN
    SELECT i.ticket_id, sum(i.quantity)::integer AS quantity FROM cart_items i
     WHERE i.cart_id = p_cart
       AND NOT EXISTS (SELECT 1 FROM ticket_show_dates d WHERE d.ticket_id = i.ticket_id)
     GROUP BY i.ticket_id ORDER BY i.ticket_id
  LOOP
    UPDATE tickets SET sold = sold + v_line.quantity WHERE id = v_line.ticket_id;
  END LOOP;
  UPDATE carts SET status = 'CHECKED_OUT', updated_at = now() WHERE id = p_cart;
  RETURN v_sold;
END
$$;
