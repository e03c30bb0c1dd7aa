-- taquilla_return_places: the source of this database function (decision 0076). A change is
-- made here and copied, whole, into a new migration as CREATE OR REPLACE FUNCTION; the
-- test sql-function-sources.test.ts fails while the latest migration differs.
--
-- A return (decision 0080): an order gives its places back, in the caller's transaction
-- (which holds the order's row lock and changes its status).
--   - p_cart given (a declined card, a refused 3-D Secure, an abandoned payment): the
--     cart is OPEN again and the seats' sales become its holds until the cart's own ten
--     minutes end (an ended time frees them at once);
--   - p_cart null (a rejected deposit, a cancellation, a refund): the seats' sales go.
-- Either way `tickets.sold` loses the order's units of tickets without dates (those count
-- their order lines, decision 0008), in ticket-id order. Returns the seats now free to
-- everyone and the shows (dates) of the order's lines, whose ticket counts may have
-- changed, to announce once committed (decision 0079).
CREATE OR REPLACE FUNCTION taquilla_return_places(p_order uuid, p_cart uuid)
RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  v_line record;
  v_released json;
  v_shows json;
BEGIN
  IF p_cart IS NULL THEN
    WITH gone AS (
      DELETE FROM seat_reservations r USING seats s
       WHERE s.id = r.seat_id AND r.order_id = p_order AND r.kind = 'SALE'
      RETURNING r.show_id, r.seat_id, s.section_id)
    SELECT coalesce(json_agg(json_build_object('showId', show_id, 'seatId', seat_id,
                                               'sectionId', section_id)), '[]'::json)
      INTO v_released FROM gone;
  ELSE
    UPDATE carts SET status = 'OPEN', updated_at = now() WHERE id = p_cart;
    WITH back AS (
      UPDATE seat_reservations r
         SET kind = 'HOLD', order_id = NULL, cart_id = ci.cart_id, cart_item_id = ci.id,
             expires_at = c.valid_thru
        FROM cart_items ci, carts c, seats s
       WHERE r.order_id = p_order AND ci.cart_id = p_cart
         AND ci.seat_id = r.seat_id AND c.id = ci.cart_id AND s.id = r.seat_id
      RETURNING r.show_id, r.seat_id, s.section_id, (c.valid_thru > now()) AS live)
    SELECT coalesce(json_agg(json_build_object('showId', show_id, 'seatId', seat_id,
                                               'sectionId', section_id))
                      FILTER (WHERE NOT live), '[]'::json)
      INTO v_released FROM back;
  END IF;

  FOR v_line IN
    SELECT oi.ticket_id, sum(oi.quantity)::integer AS quantity FROM order_items oi
     WHERE oi.order_id = p_order
       AND NOT EXISTS (SELECT 1 FROM ticket_show_dates d WHERE d.ticket_id = oi.ticket_id)
     GROUP BY oi.ticket_id ORDER BY oi.ticket_id
  LOOP
    UPDATE tickets SET sold = sold - v_line.quantity WHERE id = v_line.ticket_id;
  END LOOP;
  SELECT coalesce(json_agg(DISTINCT show_id), '[]'::json) INTO v_shows
    FROM order_items WHERE order_id = p_order;
  RETURN json_build_object('released', v_released, 'shows', v_shows);
END
$$;
