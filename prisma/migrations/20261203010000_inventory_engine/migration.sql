-- Issue 23, decision 0080: the sale, the returns and the reset are the inventory's own
-- functions (sources in apps/api/src/modules/inventory/sql/); taquilla_place_order calls
-- taquilla_sell_cart instead of selling by itself (its source: orders/sql/).

-- taquilla_sell_cart
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
   ORDER BY id FOR UPDATE;

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

-- taquilla_return_places
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

-- taquilla_place_order
CREATE OR REPLACE FUNCTION taquilla_place_order(
  p_cart uuid, p_session text, p_fingerprint text, p_now timestamptz, p_lock_timeout text,
  p_user uuid, p_email text, p_status "OrderStatus", p_payment_type "PaymentType",
  p_subtotal integer, p_total_fee integer, p_total_discount integer, p_total integer,
  p_payment_info jsonb, p_cc_brand text, p_cc_last4 text
) RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  v_cart carts%ROWTYPE;
  v_usd boolean;
  v_order uuid := gen_random_uuid();
  v_producer uuid;
  v_producers integer;
  v_promo uuid;
  v_sold json;
BEGIN
  PERFORM set_config('lock_timeout', p_lock_timeout, true);
  PERFORM pg_advisory_xact_lock(hashtext('taquilla:cart'), hashtext(p_session));
  SELECT * INTO v_cart FROM carts WHERE id = p_cart;
  IF NOT FOUND OR v_cart.session_key <> p_session THEN
    RAISE EXCEPTION 'taquilla:CART_NOT_FOUND';
  END IF;
  IF v_cart.status = 'CHECKED_OUT' THEN RAISE EXCEPTION 'taquilla:ORDER_IN_PROGRESS'; END IF;
  IF v_cart.status <> 'OPEN' OR v_cart.valid_thru IS NULL OR v_cart.valid_thru <= p_now THEN
    RAISE EXCEPTION 'taquilla:CART_EXPIRED';
  END IF;
  IF taquilla_cart_fingerprint(p_cart) IS DISTINCT FROM p_fingerprint THEN
    RAISE EXCEPTION 'taquilla:CART_CHANGED';
  END IF;
  v_usd := v_cart.currency = 'USD';

  -- One producer per order (decision 0062): its lines' producer, read under
  -- the session lock every line write takes.
  SELECT count(DISTINCT producer_id)::integer, (array_agg(producer_id))[1]
    INTO v_producers, v_producer
    FROM cart_items WHERE cart_id = p_cart;
  IF v_producers > 1 THEN RAISE EXCEPTION 'taquilla:CART_OTHER_PRODUCER'; END IF;

  INSERT INTO orders (id, user_id, cart_id, producer_id, email, status, payment_type, currency,
                      subtotal, total_fee, total_discount, total, payment_info, cc_brand,
                      cc_last4, updated_at)
  VALUES (v_order, p_user, p_cart, v_producer, p_email, p_status, p_payment_type,
          v_cart.currency, p_subtotal, p_total_fee, p_total_discount, p_total, p_payment_info,
          p_cc_brand, p_cc_last4, now());
  -- The sale, under the tickets' locks (the inventory's, decision 0080).
  v_sold := taquilla_sell_cart(p_cart, v_order, p_now);

  FOR v_promo IN
    SELECT promo_code_id FROM promo_code_applications WHERE cart_id = p_cart ORDER BY promo_code_id
  LOOP
    UPDATE promo_codes SET used_count = used_count + 1, updated_at = now()
     WHERE id = v_promo AND (usage_limit IS NULL OR used_count < usage_limit);
    IF NOT FOUND THEN RAISE EXCEPTION 'taquilla:PROMO_CODE_USAGE_LIMIT_EXCEEDED'; END IF;
  END LOOP;

  -- Lines copied from the cart's, in the cart's currency: never from the client.
  INSERT INTO order_items (id, order_id, ticket_id, show_id, seat_id, code, show_name,
                           show_date, description, ticket_type, quantity, price,
                           discount_price, fee, total_price, total_fee, location, bundle_items)
  SELECT gen_random_uuid(), v_order, i.ticket_id, i.show_id, i.seat_id, i.code, i.show_name,
         i.show_date, coalesce(i.description, i.title), i.ticket_type, i.quantity,
         CASE WHEN v_usd THEN coalesce(i.price_usd, 0) ELSE i.price END,
         CASE WHEN v_usd THEN coalesce(i.discount_price_usd, 0) ELSE i.discount_price END,
         CASE WHEN v_usd THEN coalesce(i.fee_usd, 0) ELSE i.fee END,
         CASE WHEN v_usd THEN coalesce(i.total_price_usd, 0) ELSE i.total_price END,
         CASE WHEN v_usd THEN coalesce(i.total_fee_usd, 0) ELSE i.total_fee END,
         i.location, i.bundle_items
    FROM cart_items i WHERE i.cart_id = p_cart;
  UPDATE promo_code_applications SET order_id = v_order WHERE cart_id = p_cart;
  INSERT INTO order_change_log (id, order_id, action, to_status, actor_user_id)
  VALUES (gen_random_uuid(), v_order, 'Order created', p_status, p_user);

  RETURN json_build_object('orderId', v_order, 'sold', v_sold);
END
$$;
