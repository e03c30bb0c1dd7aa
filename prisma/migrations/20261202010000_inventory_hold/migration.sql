-- Issue 23 (decision 0078): a hold is one call of taquilla_hold, lines leave a cart by one call of
-- taquilla_release, the codes applied to a cart are priced again by taquilla_reprice_promos, and
-- the cart is read whole by taquilla_cart_view.
-- Sources: apps/api/src/modules/inventory/sql/ and apps/api/src/modules/cart/sql/.

CREATE OR REPLACE FUNCTION taquilla_cart_view(p_cart uuid) RETURNS json
LANGUAGE plpgsql STABLE
-- Planned at each call: a connection's cached plan, made while the tables were small (a
-- fresh install's first on-sale), went on scanning every line as they grew (decision 0078).
SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  RETURN (SELECT json_build_object(
    'id', c.id, 'userId', c.user_id, 'currency', c.currency, 'validThru', c.valid_thru,
    'paymentType', c.payment_type, 'paymentInfo', c.payment_info,
    'paymentProvider', c.payment_provider,
    'items', coalesce((SELECT json_agg(json_build_object(
        'id', i.id, 'ticketId', i.ticket_id, 'code', i.code, 'showId', i.show_id,
        'showName', i.show_name, 'showDate', i.show_date, 'showType', i.show_type,
        'venue', i.venue, 'title', i.title, 'description', i.description, 'note', i.note,
        'ticketType', i.ticket_type, 'image', i.image, 'quantity', i.quantity,
        'price', i.price, 'discountPrice', i.discount_price, 'fee', i.fee,
        'feeIncluded', i.fee_included, 'totalPrice', i.total_price, 'totalFee', i.total_fee,
        'priceUsd', i.price_usd, 'discountPriceUsd', i.discount_price_usd,
        'feeUsd', i.fee_usd, 'totalPriceUsd', i.total_price_usd,
        'totalFeeUsd', i.total_fee_usd, 'location', i.location, 'seatId', i.seat_id,
        'bundleItems', i.bundle_items) ORDER BY i.created_at, i.id)
      FROM cart_items i WHERE i.cart_id = c.id), '[]'::json),
    'promoCodes', coalesce((SELECT json_agg(json_build_object(
        'id', a.id, 'promoCodeId', a.promo_code_id, 'discountAmount', a.discount_amount,
        'appliedAt', a.applied_at,
        'promoCode', json_build_object('code', p.code, 'discountType', p.discount_type,
                                       'discountValue', p.discount_value))
        ORDER BY a.applied_at, a.id)
      FROM promo_code_applications a JOIN promo_codes p ON p.id = a.promo_code_id
     WHERE a.cart_id = c.id), '[]'::json))
    FROM carts c WHERE c.id = p_cart);
END
$$;

CREATE OR REPLACE FUNCTION taquilla_reprice_promos(p_cart uuid) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE promo_code_applications a
     SET discount_amount = priced.amount
    FROM (
      SELECT app.id,
             CASE
               WHEN covered.subtotal = 0 OR p.discount_value <= 0 THEN 0
               WHEN p.discount_type = 'PERCENT' THEN
                 LEAST(((covered.subtotal * p.discount_value * 100 + 500000) / 1000000) * 100,
                       covered.subtotal)
               WHEN c.currency = 'GTQ' THEN LEAST(p.discount_value::bigint, covered.subtotal)
               ELSE 0
             END::integer AS amount
        FROM promo_code_applications app
        JOIN promo_codes p ON p.id = app.promo_code_id
        JOIN carts c ON c.id = app.cart_id
        CROSS JOIN LATERAL (
          SELECT coalesce(sum(CASE WHEN c.currency = 'USD'
                                   THEN coalesce(i.total_price_usd, 0) + coalesce(i.total_fee_usd, 0)
                                   ELSE i.total_price + i.total_fee END), 0)::bigint AS subtotal
            FROM cart_items i JOIN shows s ON s.id = i.show_id
           WHERE i.cart_id = c.id
             AND CASE
                   WHEN EXISTS (SELECT 1 FROM promo_code_shows ps WHERE ps.promo_code_id = p.id)
                   THEN EXISTS (SELECT 1 FROM promo_code_shows ps
                                 WHERE ps.promo_code_id = p.id
                                   AND (ps.show_id = s.id OR ps.show_id = s.parent_show_id))
                   ELSE s.producer_id = p.producer_id
                 END) AS covered
       WHERE app.cart_id = p_cart) AS priced
   WHERE a.id = priced.id AND a.discount_amount IS DISTINCT FROM priced.amount;
END
$$;

CREATE OR REPLACE FUNCTION taquilla_hold(p_hold jsonb) RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  v_session text := p_hold->>'session';
  v_client text := p_hold->>'client';
  v_user uuid := (p_hold->>'user')::uuid;
  v_now timestamptz := (p_hold->>'now')::timestamptz;
  v_requested "Currency" := (p_hold->>'currency')::"Currency";
  v_cart carts%ROWTYPE;
  v_has_cart boolean;
  v_held integer;
  v_holding boolean := false;
  v_currency "Currency";
  v_expires timestamptz;
  v_line jsonb;
  v_index integer;
  v_ticket uuid;
  v_show uuid;
  v_seat_id uuid;
  v_qty integer;
  v_already integer;
  v_seat record;
  v_stock record;
  v_sold integer;
  v_taken integer;
  v_left integer;
  v_existing uuid;
  v_total integer;
  v_price jsonb;
  v_item uuid;
  v_location jsonb;
  v_held_seats jsonb := '[]'::jsonb;
BEGIN
  PERFORM set_config('lock_timeout', p_hold->>'lockTimeout', true);
  PERFORM pg_advisory_xact_lock(hashtext('taquilla:cart'), hashtext(v_session));
  PERFORM pg_advisory_xact_lock(hashtext('taquilla:client'), hashtext(v_client));

  SELECT * INTO v_cart FROM carts
   WHERE session_key = v_session AND status = 'OPEN'
   ORDER BY created_at DESC LIMIT 1;
  v_has_cart := FOUND;
  IF v_has_cart AND v_cart.user_id IS NOT NULL AND v_cart.user_id IS DISTINCT FROM v_user THEN
    RAISE EXCEPTION 'taquilla:FORBIDDEN';
  END IF;
  IF v_has_cart AND v_cart.valid_thru IS NOT NULL AND v_cart.valid_thru <= v_now THEN
    UPDATE carts SET status = 'EXPIRED', updated_at = now() WHERE id = v_cart.id;
    v_has_cart := false;
  END IF;

  -- The client's live places across its open carts (the hold cap). Each count below is
  -- written so its plan cannot depend on statistics: in an on-sale the tables grow from
  -- nothing faster than they are analysed, and a plan made for empty tables (a join that
  -- scans every open cart for each line) cost ~1,000 buffer reads per hold (decision 0078).
  SELECT coalesce(sum(live.quantity), 0)::integer INTO v_held
    FROM carts c
    CROSS JOIN LATERAL (SELECT sum(i.quantity) AS quantity FROM cart_items i
                         WHERE i.cart_id = c.id AND i.expires_at > v_now) AS live
   WHERE c.client_key = v_client AND c.status = 'OPEN';
  IF v_has_cart AND v_cart.user_id IS NULL AND v_user IS NOT NULL THEN
    -- Signing in attaches the anonymous cart to the user, its live places to the user's cap.
    UPDATE carts SET user_id = v_user, client_key = v_client, updated_at = now()
     WHERE id = v_cart.id;
    v_cart.user_id := v_user;
    v_held := v_held + (SELECT coalesce(sum(quantity), 0)::integer FROM cart_items
                         WHERE cart_id = v_cart.id AND expires_at > v_now);
  END IF;
  IF v_has_cart THEN
    v_holding := EXISTS (SELECT 1 FROM cart_items WHERE cart_id = v_cart.id AND expires_at > v_now);
  END IF;
  v_currency := CASE WHEN v_holding THEN v_cart.currency ELSE v_requested END;
  IF v_currency <> v_requested THEN RAISE EXCEPTION 'taquilla:CURRENCY_MISMATCH'; END IF;
  IF v_held + (p_hold->>'adding')::integer > (p_hold->>'cap')::integer THEN
    RAISE EXCEPTION 'taquilla:HOLD_LIMIT_REACHED';
  END IF;
  -- The ten minutes start when the cart goes from empty to holding something.
  v_expires := CASE WHEN v_holding THEN v_cart.valid_thru
                    ELSE (p_hold->>'expiresAt')::timestamptz END;
  IF NOT v_has_cart THEN
    INSERT INTO carts (id, session_key, user_id, client_key, currency, valid_thru, payment_type,
                       payment_provider, updated_at)
    VALUES (gen_random_uuid(), v_session, v_user, v_client, v_currency, v_expires,
            (p_hold->>'paymentType')::"PaymentType", p_hold->>'paymentProvider', now())
    RETURNING * INTO v_cart;
  ELSIF NOT v_holding OR p_hold ? 'paymentType' OR p_hold ? 'paymentProvider' THEN
    UPDATE carts
       SET valid_thru = v_expires, currency = v_currency,
           payment_type = coalesce((p_hold->>'paymentType')::"PaymentType", payment_type),
           payment_provider = coalesce(p_hold->>'paymentProvider', payment_provider),
           updated_at = now()
     WHERE id = v_cart.id;
  END IF;

  FOR v_line IN SELECT value FROM jsonb_array_elements(p_hold->'lines') LOOP
    v_index := (v_line->>'index')::integer;
    v_ticket := (v_line->>'ticket')::uuid;
    v_show := (v_line->>'show')::uuid;
    v_seat_id := (v_line->>'seat')::uuid;
    v_qty := (v_line->>'quantity')::integer;
    -- Read by the cart's index alone (FILTER, not WHERE): with the ticket in the WHERE the
    -- planner also scans the ticket's index, every line of it in the whole on-sale.
    SELECT coalesce(sum(quantity) FILTER (WHERE ticket_id = v_ticket AND show_id = v_show), 0)::integer
      INTO v_already FROM cart_items WHERE cart_id = v_cart.id;
    IF v_already + v_qty > (v_line->>'max')::integer THEN
      RAISE EXCEPTION 'taquilla:LINE_MAX:%', v_index;
    END IF;

    IF v_seat_id IS NOT NULL THEN
      SELECT s.show_id, s.ticket_id, s.section_id, s.name, s.row_name, sec.type::text AS type,
             sec.name AS section_name, sec.door
        INTO v_seat
        FROM seats s JOIN sections sec ON sec.id = s.section_id
       WHERE s.id = v_seat_id;
      IF NOT FOUND THEN RAISE EXCEPTION 'taquilla:SEAT_NOT_FOUND'; END IF;
      IF v_seat.show_id <> (v_line->>'ticketShow')::uuid THEN
        RAISE EXCEPTION 'taquilla:SEAT_NOT_FOUND';
      END IF;
      IF v_seat.type NOT IN ('SEATS', 'TABLE', 'HTABLE') THEN
        RAISE EXCEPTION 'taquilla:SECTION_TYPE_UNSUPPORTED';
      END IF;
      IF v_seat.ticket_id IS NOT NULL AND v_seat.ticket_id <> v_ticket THEN
        RAISE EXCEPTION 'taquilla:SEAT_OTHER_TICKET:%', v_index;
      END IF;
      v_location := jsonb_build_object('section', v_seat.section_name, 'row', v_seat.row_name,
                                       'seat', v_seat.name, 'door', v_seat.door);
      v_existing := NULL;
    ELSE
      IF v_line ? 'openMax' AND v_already + v_qty > (v_line->>'openMax')::integer THEN
        RAISE EXCEPTION 'taquilla:OPEN_MAX:%', v_index;
      END IF;
      -- Capacity and sales as they are under the ticket's lock, then the live holds.
      SELECT capacity, sold INTO v_stock FROM tickets WHERE id = v_ticket FOR UPDATE;
      IF (v_line->>'dated')::boolean THEN
        SELECT coalesce(sum(oi.quantity), 0)::integer INTO v_sold
          FROM order_items oi
         WHERE oi.ticket_id = v_ticket AND oi.show_id = v_show
           AND (SELECT o.status::text FROM orders o WHERE o.id = oi.order_id)
               NOT IN (SELECT jsonb_array_elements_text(p_hold->'released'));
      ELSE
        v_sold := coalesce(v_stock.sold, 0);
      END IF;
      -- Each live line's cart by its primary key (see the cap's count above).
      SELECT coalesce(sum(i.quantity), 0)::integer INTO v_taken
        FROM cart_items i
       WHERE i.ticket_id = v_ticket AND i.show_id = v_show AND i.expires_at > v_now
         AND (SELECT c.status FROM carts c WHERE c.id = i.cart_id) = 'OPEN';
      v_left := coalesce(v_stock.capacity, 0) - v_sold - v_taken;
      IF v_qty > v_left THEN RAISE EXCEPTION 'taquilla:NOT_ENOUGH_AVAILABLE:%', v_left; END IF;
      v_location := v_line->'location';
      SELECT (array_agg(id ORDER BY created_at, id)
                FILTER (WHERE ticket_id = v_ticket AND show_id = v_show AND seat_id IS NULL))[1]
        INTO v_existing FROM cart_items WHERE cart_id = v_cart.id;
    END IF;

    v_total := v_qty + coalesce((SELECT quantity FROM cart_items WHERE id = v_existing), 0);
    v_price := v_line->'prices'->(v_total - 1);
    IF v_price IS NULL THEN RAISE EXCEPTION 'taquilla:LINE_MAX:%', v_index; END IF;
    IF v_existing IS NOT NULL THEN
      UPDATE cart_items
         SET quantity = v_total, price = (v_price->>'price')::integer,
             discount_price = (v_price->>'discountPrice')::integer,
             fee = (v_price->>'fee')::integer, fee_included = (v_price->>'feeIncluded')::boolean,
             total_price = (v_price->>'totalPrice')::integer,
             total_fee = (v_price->>'totalFee')::integer,
             price_usd = (v_price->>'priceUsd')::integer,
             discount_price_usd = (v_price->>'discountPriceUsd')::integer,
             fee_usd = (v_price->>'feeUsd')::integer,
             total_price_usd = (v_price->>'totalPriceUsd')::integer,
             total_fee_usd = (v_price->>'totalFeeUsd')::integer,
             bundle_items = v_price->'bundleItems', expires_at = v_expires
       WHERE id = v_existing;
    ELSE
      INSERT INTO cart_items (id, cart_id, ticket_id, show_id, seat_id, code, show_name,
        show_date, show_type, venue, title, description, note, ticket_type, image, quantity,
        price, discount_price, fee, fee_included, total_price, total_fee, price_usd,
        discount_price_usd, fee_usd, total_price_usd, total_fee_usd, location, bundle_items,
        expires_at)
      VALUES (gen_random_uuid(), v_cart.id, v_ticket, v_show, v_seat_id, v_line->>'code',
        v_line->>'showName', (v_line->>'showDate')::timestamptz, v_line->>'showType',
        v_line->>'venue', v_line->>'title', v_line->>'description', v_line->>'note',
        (v_line->>'ticketType')::"TicketType", v_line->>'image', v_total,
        (v_price->>'price')::integer, (v_price->>'discountPrice')::integer,
        (v_price->>'fee')::integer, (v_price->>'feeIncluded')::boolean,
        (v_price->>'totalPrice')::integer, (v_price->>'totalFee')::integer,
        (v_price->>'priceUsd')::integer, (v_price->>'discountPriceUsd')::integer,
        (v_price->>'feeUsd')::integer, (v_price->>'totalPriceUsd')::integer,
        (v_price->>'totalFeeUsd')::integer, v_location, v_price->'bundleItems', v_expires)
      RETURNING id INTO v_item;
      IF v_seat_id IS NOT NULL THEN
        INSERT INTO seat_reservations (id, show_id, seat_id, kind, cart_id, cart_item_id, expires_at)
        VALUES (gen_random_uuid(), v_show, v_seat_id, 'HOLD', v_cart.id, v_item, v_expires)
        ON CONFLICT (show_id, seat_id) DO UPDATE
          SET cart_id = EXCLUDED.cart_id, cart_item_id = EXCLUDED.cart_item_id,
              expires_at = EXCLUDED.expires_at, created_at = now()
          WHERE seat_reservations.kind = 'HOLD' AND seat_reservations.expires_at <= v_now;
        IF NOT FOUND THEN RAISE EXCEPTION 'taquilla:SEAT_UNAVAILABLE'; END IF;
        v_held_seats := v_held_seats || jsonb_build_object(
          'showId', v_show, 'seatId', v_seat_id, 'sectionId', v_seat.section_id);
      END IF;
    END IF;
  END LOOP;

  IF EXISTS (SELECT 1 FROM promo_code_applications WHERE cart_id = v_cart.id) THEN
    PERFORM taquilla_reprice_promos(v_cart.id);
  END IF;
  RETURN json_build_object('cartId', v_cart.id, 'startsTimer', NOT v_holding,
                           'expiresAt', v_expires, 'heldSeats', v_held_seats);
END
$$;

CREATE OR REPLACE FUNCTION taquilla_release(
  p_session text, p_user uuid, p_now timestamptz, p_lock_timeout text, p_items uuid[],
  p_seats uuid[]
) RETURNS json
LANGUAGE plpgsql AS $$
DECLARE
  v_cart carts%ROWTYPE;
  v_released json;
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
  WITH gone AS (
    DELETE FROM cart_items
     WHERE cart_id = v_cart.id AND (id = ANY(p_items) OR seat_id = ANY(p_seats))
    RETURNING id)
  SELECT coalesce(json_agg(json_build_object('showId', r.show_id, 'seatId', r.seat_id,
                                             'sectionId', s.section_id)), '[]'::json)
    INTO v_released
    FROM seat_reservations r JOIN seats s ON s.id = r.seat_id
   WHERE r.cart_id = v_cart.id AND r.kind = 'HOLD' AND r.cart_item_id IN (SELECT id FROM gone);
  IF EXISTS (SELECT 1 FROM promo_code_applications WHERE cart_id = v_cart.id) THEN
    PERFORM taquilla_reprice_promos(v_cart.id);
  END IF;
  RETURN json_build_object('cartId', v_cart.id, 'released', v_released);
END
$$;
