-- taquilla_release: the source of this database function (decision 0076). A change is made
-- here and copied, whole, into a new migration as CREATE OR REPLACE FUNCTION; the
-- test sql-function-sources.test.ts fails while the latest migration differs.
--
-- Lines taken out of a cart (DELETE /cart/{sessionID}/items and …/seats) in one call and
-- one transaction (decision 0078): under the browser session's lock, the live cart's
-- lines named by id or by seat go, their seats' holds with them (ON DELETE CASCADE), and
-- the applied codes are priced again. Refusals: 'taquilla:CART_NOT_FOUND' (no live cart),
-- 'taquilla:FORBIDDEN' (another user's). Returns the cart's id, the seats released and the
-- shows (dates) of the lines removed (to announce once committed; decision 0079).
CREATE OR REPLACE FUNCTION taquilla_release(
  p_session text, p_user uuid, p_now timestamptz, p_lock_timeout text, p_items uuid[],
  p_seats uuid[]
) RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  v_cart carts%ROWTYPE;
  v_released json;
  v_shows json;
BEGIN
  v_cart := taquilla_cart_for_write(p_session, p_user, p_now, p_lock_timeout);
  WITH gone AS (
    DELETE FROM cart_items
     WHERE cart_id = v_cart.id AND (id = ANY(p_items) OR seat_id = ANY(p_seats))
    RETURNING id, show_id)
  SELECT coalesce((SELECT json_agg(json_build_object('showId', r.show_id, 'seatId', r.seat_id,
                                                     'sectionId', s.section_id))
                     FROM seat_reservations r JOIN seats s ON s.id = r.seat_id
                    WHERE r.cart_id = v_cart.id AND r.kind = 'HOLD'
                      AND r.cart_item_id IN (SELECT id FROM gone)), '[]'::json),
         coalesce((SELECT json_agg(DISTINCT show_id) FROM gone), '[]'::json)
    INTO v_released, v_shows;
  IF EXISTS (SELECT 1 FROM promo_code_applications WHERE cart_id = v_cart.id) THEN
    PERFORM taquilla_reprice_promos(v_cart.id);
  END IF;
  RETURN json_build_object('cartId', v_cart.id, 'released', v_released, 'shows', v_shows);
END
$$;
