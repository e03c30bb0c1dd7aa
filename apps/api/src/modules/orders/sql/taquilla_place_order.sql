-- taquilla_place_order: the source of this database function (decision 0076). A change is made
-- here and copied, whole, into a new migration as CREATE OR REPLACE FUNCTION; the
-- test sql-function-sources.test.ts fails while the latest migration differs.
--
-- taquilla_place_order (migration 20261125120000) as it was, plus: a cart whose
-- lines are of more than one producer (one made before this migration) is
-- refused, and the order is written with its producer. Since decision 0080 the sale
-- itself (holds become sales, tickets.sold grows, the cart is checked out) is the inventory's
-- taquilla_sell_cart, called once the order's row exists and before the codes' rows
-- are locked: the ticket rows are still locked before the codes', as before.
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
