-- taquilla_hold: the source of this database function (decision 0076). A change is made
-- here and copied, whole, into a new migration as CREATE OR REPLACE FUNCTION; the
-- test sql-function-sources.test.ts fails while the latest migration differs.
--
-- One hold (POST /cart/{sessionID}/items) in one call and one transaction (decision
-- 0078): the browser session's cart, the client's hold cap, and every line's places,
-- all or none. The lines come checked and priced (inventory/hold-lines.ts) and sorted
-- by ticket id; what needs the cart or the stock is decided here:
--   - locks, always in this order: the session, the client (advisory, transaction-long),
--     then each counted ticket's row (FOR NO KEY UPDATE, which a seat line's foreign key
--     share does not wait for), by ticket id; lock_timeout set first, so a wait past it
--     fails with 55P03 (CART_BUSY), never a deadlock;
--   - a seat by the unique (show, seat) of seat_reservations: INSERT … ON CONFLICT DO
--     UPDATE only over an expired hold; a live hold or a sale leaves it and nothing is
--     returned (SEAT_UNAVAILABLE);
--   - counted stock by one conditional lock of the ticket's row: it is taken only when
--     capacity − sold − held covers the line (held is kept by triggers, decision 0082),
--     and the line's insert then adds to held under it. Too few: the ticket's holds
--     past their time are closed (taquilla_close_expired_holds) and it looks once more.
--     Tickets with dates count their show's order lines and live lines under the row
--     lock instead (held is the ticket's, not the date's).
-- Refusals are raised as 'taquilla:CODE' or 'taquilla:CODE:argument' (the line's index,
-- or the units left). Returns the cart's id, whether its ten minutes start now, their
-- end, and the seats held (to announce once committed).
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
      IF (v_line->>'dated')::boolean THEN
        -- The date's sales and live holds, counted under the ticket's row lock.
        SELECT capacity INTO v_stock FROM tickets WHERE id = v_ticket FOR NO KEY UPDATE;
        SELECT coalesce(sum(oi.quantity), 0)::integer INTO v_sold
          FROM order_items oi
         WHERE oi.ticket_id = v_ticket AND oi.show_id = v_show
           AND (SELECT o.status::text FROM orders o WHERE o.id = oi.order_id)
               NOT IN (SELECT jsonb_array_elements_text(p_hold->'released'));
        -- Each live line's cart by its primary key (see the cap's count above).
        SELECT coalesce(sum(i.quantity), 0)::integer INTO v_taken
          FROM cart_items i
         WHERE i.ticket_id = v_ticket AND i.show_id = v_show AND i.expires_at > v_now
           AND (SELECT c.status FROM carts c WHERE c.id = i.cart_id) = 'OPEN';
        v_left := coalesce(v_stock.capacity, 0) - v_sold - v_taken;
        IF v_qty > v_left THEN RAISE EXCEPTION 'taquilla:NOT_ENOUGH_AVAILABLE:%', v_left; END IF;
      ELSE
        -- The guard: the row is locked only when its free units cover the line.
        SELECT capacity - sold - held INTO v_left FROM tickets
         WHERE id = v_ticket AND capacity - sold - held >= v_qty FOR NO KEY UPDATE;
        IF NOT FOUND THEN
          IF taquilla_close_expired_holds(v_ticket, v_now) > 0 THEN
            SELECT capacity - sold - held INTO v_left FROM tickets
             WHERE id = v_ticket AND capacity - sold - held >= v_qty FOR NO KEY UPDATE;
          END IF;
          IF NOT FOUND THEN
            SELECT greatest(capacity - sold - held, 0) INTO v_left FROM tickets WHERE id = v_ticket;
            RAISE EXCEPTION 'taquilla:NOT_ENOUGH_AVAILABLE:%', v_left;
          END IF;
        END IF;
      END IF;
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
