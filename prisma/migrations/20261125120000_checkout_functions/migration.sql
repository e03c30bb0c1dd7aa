-- Checkout in one round trip (decision 0020, "Speed"): the order page's JSON,
-- a cart's fingerprint, placing an order and approving a paid one as
-- database functions. The rules that need no lock (totals, buyer checks) stay
-- in the API; these functions do what must happen under the locks.

-- Everything the order page shows, in the shape of the ORM's
-- `findUnique({ include: ORDER_VIEW_INCLUDE })` (camelCase keys). PL/pgSQL rather
-- than SQL functions: PostgreSQL 15 plans a SQL function's body on every call, a
-- PL/pgSQL one once per connection.
CREATE FUNCTION taquilla_order_view(p_order uuid) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT json_build_object(
    'id', o.id, 'orderNumber', o.order_number, 'userId', o.user_id, 'cartId', o.cart_id,
    'email', o.email, 'status', o.status, 'paymentType', o.payment_type,
    'currency', o.currency, 'subtotal', o.subtotal, 'totalFee', o.total_fee,
    'totalDiscount', o.total_discount, 'total', o.total, 'paymentInfo', o.payment_info,
    'paymentResponse', o.payment_response, 'ccBrand', o.cc_brand, 'ccLast4', o.cc_last4,
    'createdAt', o.created_at, 'updatedAt', o.updated_at,
    'items', coalesce((SELECT json_agg(json_build_object(
        'id', i.id, 'orderId', i.order_id, 'ticketId', i.ticket_id, 'showId', i.show_id,
        'seatId', i.seat_id, 'code', i.code, 'showName', i.show_name,
        'showDate', i.show_date, 'description', i.description, 'ticketType', i.ticket_type,
        'quantity', i.quantity, 'price', i.price, 'discountPrice', i.discount_price,
        'fee', i.fee, 'totalPrice', i.total_price, 'totalFee', i.total_fee,
        'location', i.location, 'bundleItems', i.bundle_items) ORDER BY i.id)
      FROM order_items i WHERE i.order_id = o.id), '[]'::json),
    'codes', coalesce((SELECT json_agg(json_build_object(
        'id', c.id, 'orderId', c.order_id, 'orderItemId', c.order_item_id, 'code', c.code,
        'ticketType', c.ticket_type, 'activatedAt', c.activated_at, 'createdAt', c.created_at)
        ORDER BY c.created_at, c.id)
      FROM ticket_codes c WHERE c.order_id = o.id), '[]'::json),
    'changeLog', coalesce((SELECT json_agg(json_build_object(
        'id', l.id, 'orderId', l.order_id, 'action', l.action, 'reason', l.reason,
        'fromStatus', l.from_status, 'toStatus', l.to_status,
        'actorUserId', l.actor_user_id, 'createdAt', l.created_at)
        ORDER BY l.created_at, l.id)
      FROM order_change_log l WHERE l.order_id = o.id), '[]'::json),
    'promoCodes', coalesce((SELECT json_agg(json_build_object(
        'id', a.id, 'promoCodeId', a.promo_code_id, 'cartId', a.cart_id,
        'orderId', a.order_id, 'discountAmount', a.discount_amount,
        'appliedAt', a.applied_at, 'promoCode', json_build_object('code', p.code)))
      FROM promo_code_applications a JOIN promo_codes p ON p.id = a.promo_code_id
     WHERE a.order_id = o.id), '[]'::json),
    'cart', (SELECT json_build_object('sessionKey', k.session_key)
               FROM carts k WHERE k.id = o.cart_id))
    FROM orders o WHERE o.id = p_order);
END
$$;

-- What the API priced a cart from: its owner, status, currency, lines (with
-- their tickets' payment types) and promo codes. Read without a lock, then
-- compared under the lock: any change in between is seen.
CREATE FUNCTION taquilla_cart_fingerprint(p_cart uuid) RETURNS text
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN md5(concat_ws('|',
    (SELECT concat_ws(',', c.session_key, c.user_id, c.status, c.currency)
       FROM carts c WHERE c.id = p_cart),
    (SELECT string_agg(concat_ws(',', i.id, i.ticket_id, i.seat_id, i.quantity, i.total_price,
                                 i.total_fee, i.total_price_usd, i.total_fee_usd,
                                 t.payment_types::text), ';' ORDER BY i.id)
       FROM cart_items i JOIN tickets t ON t.id = i.ticket_id WHERE i.cart_id = p_cart),
    (SELECT string_agg(concat_ws(',', a.promo_code_id, a.discount_amount), ';'
                       ORDER BY a.promo_code_id)
       FROM promo_code_applications a WHERE a.cart_id = p_cart)));
END
$$;

-- Turns a live cart into an order (ARCHITECTURE §4), one statement, one
-- transaction: the cart session's lock (the one every cart write takes), the
-- cart still as priced, the tickets' locks in id order, each promo code's use
-- only while uses are left, the order with its lines, the holds become sales,
-- the undated tickets' sold counts. A refusal raises 'taquilla:<ERROR_CODE>'
-- and nothing is written. Answers {orderId, sold: [{showId, seatId, sectionId}]}.
CREATE FUNCTION taquilla_place_order(
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
  v_promo uuid;
  v_line record;
  v_seat_lines integer;
  v_sold json;
  v_sold_count integer;
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

  -- The same locks as a hold takes, in the same order: nobody counts these
  -- places as free while they move from the cart to the order.
  PERFORM 1 FROM tickets
   WHERE id IN (SELECT ticket_id FROM cart_items WHERE cart_id = p_cart AND seat_id IS NULL)
   ORDER BY id FOR UPDATE;

  FOR v_promo IN
    SELECT promo_code_id FROM promo_code_applications WHERE cart_id = p_cart ORDER BY promo_code_id
  LOOP
    UPDATE promo_codes SET used_count = used_count + 1, updated_at = now()
     WHERE id = v_promo AND (usage_limit IS NULL OR used_count < usage_limit);
    IF NOT FOUND THEN RAISE EXCEPTION 'taquilla:PROMO_CODE_USAGE_LIMIT_EXCEEDED'; END IF;
  END LOOP;

  INSERT INTO orders (id, user_id, cart_id, email, status, payment_type, currency, subtotal,
                      total_fee, total_discount, total, payment_info, cc_brand, cc_last4,
                      updated_at)
  VALUES (v_order, p_user, p_cart, p_email, p_status, p_payment_type, v_cart.currency,
          p_subtotal, p_total_fee, p_total_discount, p_total, p_payment_info, p_cc_brand,
          p_cc_last4, now());
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
  UPDATE carts SET status = 'CHECKED_OUT', updated_at = now() WHERE id = p_cart;
  INSERT INTO order_change_log (id, order_id, action, to_status, actor_user_id)
  VALUES (gen_random_uuid(), v_order, 'Order created', p_status, p_user);

  -- The live seat holds become sales; fewer than the seat lines means a hold
  -- was lost (its time passed and another buyer took the seat).
  SELECT count(*) INTO v_seat_lines FROM cart_items WHERE cart_id = p_cart AND seat_id IS NOT NULL;
  WITH sold AS (
    UPDATE seat_reservations r
       SET kind = 'SALE', order_id = v_order, expires_at = NULL, cart_id = NULL,
           cart_item_id = NULL
      FROM seats s
     WHERE s.id = r.seat_id AND r.cart_id = p_cart AND r.kind = 'HOLD' AND r.expires_at > p_now
    RETURNING r.show_id, r.seat_id, s.section_id)
  SELECT count(*)::integer,
         coalesce(json_agg(json_build_object('showId', show_id, 'seatId', seat_id,
                                             'sectionId', section_id)), '[]'::json)
    INTO v_sold_count, v_sold FROM sold;
  IF v_sold_count <> v_seat_lines THEN RAISE EXCEPTION 'taquilla:CART_EXPIRED'; END IF;

  -- Last before the commit: a ticket's row is every sale's hot spot, so its
  -- lock is held for as short a time as possible. Tickets sold by date
  -- count their order lines instead (decision 0008).
  FOR v_line IN
    SELECT i.ticket_id, sum(i.quantity)::integer AS quantity FROM cart_items i
     WHERE i.cart_id = p_cart
       AND NOT EXISTS (SELECT 1 FROM ticket_show_dates d WHERE d.ticket_id = i.ticket_id)
     GROUP BY i.ticket_id ORDER BY i.ticket_id
  LOOP
    UPDATE tickets SET sold = sold + v_line.quantity WHERE id = v_line.ticket_id;
  END LOOP;

  RETURN json_build_object('orderId', v_order, 'sold', v_sold);
END
$$;

-- A PENDING card order whose payment went through: APPROVED with its
-- change-log entry, answering the order page's JSON; null when it had
-- already changed (abandoned, cancelled, or approved by a retry).
CREATE FUNCTION taquilla_approve_order(p_order uuid, p_payment_response jsonb) RETURNS json
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE orders SET status = 'APPROVED', payment_response = p_payment_response, updated_at = now()
   WHERE id = p_order AND status = 'PENDING';
  IF NOT FOUND THEN RETURN NULL; END IF;
  INSERT INTO order_change_log (id, order_id, action, from_status, to_status)
  VALUES (gen_random_uuid(), p_order, 'Payment approved', 'PENDING', 'APPROVED');
  RETURN taquilla_order_view(p_order);
END
$$;
