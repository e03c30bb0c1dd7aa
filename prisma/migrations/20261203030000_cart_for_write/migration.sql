-- Decision 0080: taquilla_release and taquilla_reset find the session's live cart by one
-- function, taquilla_cart_for_write (sources in apps/api/src/modules/inventory/sql/).

-- taquilla_cart_for_write
CREATE OR REPLACE FUNCTION taquilla_cart_for_write(
  p_session text, p_user uuid, p_now timestamptz, p_lock_timeout text
) RETURNS carts
LANGUAGE plpgsql AS $$
DECLARE
  v_cart carts%ROWTYPE;
BEGIN
  PERFORM set_config('lock_timeout', p_lock_timeout, true);
  PERFORM pg_advisory_xact_lock(hashtext('taquilla:cart'), hashtext(p_session));
  SELECT * INTO v_cart FROM carts
   WHERE session_key = p_session AND status = 'OPEN'
   ORDER BY created_at DESC LIMIT 1;
  IF NOT FOUND OR (v_cart.valid_thru IS NOT NULL AND v_cart.valid_thru <= p_now) THEN
    RAISE EXCEPTION 'taquilla:CART_NOT_FOUND';
  END IF;
  IF v_cart.user_id IS NOT NULL AND v_cart.user_id IS DISTINCT FROM p_user THEN
    RAISE EXCEPTION 'taquilla:FORBIDDEN';
  END IF;
  RETURN v_cart;
END
$$;

-- taquilla_release
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

-- taquilla_reset
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
