-- taquilla_reset: the source of this database function (decision 0076). A change is made
-- here and copied, whole, into a new migration as CREATE OR REPLACE FUNCTION; the
-- test sql-function-sources.test.ts fails while the latest migration differs.
--
-- A cart reset (DELETE /cart/{sessionID}/) in one call (decision 0080): under the browser
-- session's lock, the live cart's lines go (their seats' holds with them, ON DELETE
-- CASCADE), its codes are taken off and the cart is closed; the next hold opens a new
-- cart with a new ten minutes. Refusals as taquilla_release's: 'taquilla:CART_NOT_FOUND'
-- (no live cart), 'taquilla:FORBIDDEN' (another user's). Returns the cart's currency, the
-- seats released and the shows (dates) of its lines, whose ticket counts changed (to
-- announce once committed; decision 0079).
CREATE OR REPLACE FUNCTION taquilla_reset(
  p_session text, p_user uuid, p_now timestamptz, p_lock_timeout text
) RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  v_cart carts%ROWTYPE;
  v_released json;
  v_shows json;
BEGIN
  v_cart := taquilla_cart_for_write(p_session, p_user, p_now, p_lock_timeout);
  SELECT coalesce(json_agg(json_build_object('showId', r.show_id, 'seatId', r.seat_id,
                                             'sectionId', s.section_id)), '[]'::json)
    INTO v_released
    FROM seat_reservations r JOIN seats s ON s.id = r.seat_id
   WHERE r.cart_id = v_cart.id AND r.kind = 'HOLD';
  SELECT coalesce(json_agg(DISTINCT show_id), '[]'::json) INTO v_shows
    FROM cart_items WHERE cart_id = v_cart.id;
  DELETE FROM cart_items WHERE cart_id = v_cart.id;
  DELETE FROM promo_code_applications WHERE cart_id = v_cart.id;
  UPDATE carts SET status = 'EXPIRED', updated_at = now() WHERE id = v_cart.id;
  RETURN json_build_object('cartId', v_cart.id, 'currency', v_cart.currency,
                           'released', v_released, 'shows', v_shows);
END
$$;
