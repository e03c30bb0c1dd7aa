-- Counted stock decided by one conditional lock of the ticket's row (issue 23, decision
-- 0082): tickets.held is the sum of the counted lines (no seat) of OPEN carts, kept by
-- triggers on cart_items and carts; a hold locks the ticket's row only when
-- capacity − sold − held covers its line.
ALTER TABLE "tickets" ADD COLUMN "held" INTEGER NOT NULL DEFAULT 0;

UPDATE "tickets" t
   SET "held" = l.quantity
  FROM (SELECT i.ticket_id, sum(i.quantity)::integer AS quantity
          FROM cart_items i JOIN carts c ON c.id = i.cart_id
         WHERE i.seat_id IS NULL AND c.status = 'OPEN'
         GROUP BY i.ticket_id) l
 WHERE t.id = l.ticket_id;

ALTER TABLE "tickets" ADD CONSTRAINT "tickets_held_not_negative" CHECK ("held" >= 0);

CREATE OR REPLACE FUNCTION taquilla_held_line() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.seat_id IS NULL AND NEW.seat_id IS NULL
     AND OLD.ticket_id = NEW.ticket_id AND OLD.cart_id = NEW.cart_id THEN
    IF NEW.quantity <> OLD.quantity THEN
      UPDATE tickets SET held = held + NEW.quantity - OLD.quantity
       WHERE id = NEW.ticket_id
         AND EXISTS (SELECT 1 FROM carts WHERE id = NEW.cart_id AND status = 'OPEN');
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD.seat_id IS NULL THEN
    UPDATE tickets SET held = held - OLD.quantity
     WHERE id = OLD.ticket_id
       AND EXISTS (SELECT 1 FROM carts WHERE id = OLD.cart_id AND status = 'OPEN');
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW.seat_id IS NULL THEN
    UPDATE tickets SET held = held + NEW.quantity
     WHERE id = NEW.ticket_id
       AND EXISTS (SELECT 1 FROM carts WHERE id = NEW.cart_id AND status = 'OPEN');
  END IF;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION taquilla_held_cart() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
  v_line record;
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM cart_items WHERE cart_id = OLD.id;
    RETURN OLD;
  END IF;
  FOR v_line IN
    SELECT ticket_id, sum(quantity)::integer AS quantity FROM cart_items
     WHERE cart_id = NEW.id AND seat_id IS NULL
     GROUP BY ticket_id ORDER BY ticket_id
  LOOP
    UPDATE tickets
       SET held = held + CASE WHEN NEW.status = 'OPEN' THEN v_line.quantity
                              ELSE -v_line.quantity END
     WHERE id = v_line.ticket_id;
  END LOOP;
  RETURN NULL;
END
$$;

CREATE OR REPLACE FUNCTION taquilla_close_expired_holds(p_ticket uuid, p_now timestamptz)
RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  v_closed integer;
BEGIN
  WITH due AS (
    SELECT c.id FROM carts c
     WHERE c.status = 'OPEN' AND c.valid_thru <= p_now
       AND EXISTS (SELECT 1 FROM cart_items i
                    WHERE i.cart_id = c.id AND i.ticket_id = p_ticket AND i.seat_id IS NULL)
     ORDER BY c.id
     FOR UPDATE SKIP LOCKED),
  closed AS (
    UPDATE carts SET status = 'EXPIRED', updated_at = now()
     WHERE id IN (SELECT id FROM due)
    RETURNING id)
  SELECT count(*)::integer INTO v_closed FROM closed;
  RETURN v_closed;
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

CREATE TRIGGER "cart_items_held_insert" AFTER INSERT ON "cart_items"
  FOR EACH ROW WHEN (NEW.seat_id IS NULL) EXECUTE FUNCTION taquilla_held_line();
CREATE TRIGGER "cart_items_held_update" AFTER UPDATE OF quantity, cart_id, ticket_id, seat_id
  ON "cart_items"
  FOR EACH ROW WHEN (OLD.seat_id IS NULL OR NEW.seat_id IS NULL)
  EXECUTE FUNCTION taquilla_held_line();
CREATE TRIGGER "cart_items_held_delete" AFTER DELETE ON "cart_items"
  FOR EACH ROW WHEN (OLD.seat_id IS NULL) EXECUTE FUNCTION taquilla_held_line();
CREATE TRIGGER "carts_held_status" AFTER UPDATE OF status ON "carts"
  FOR EACH ROW WHEN ((OLD.status = 'OPEN') IS DISTINCT FROM (NEW.status = 'OPEN'))
  EXECUTE FUNCTION taquilla_held_cart();
CREATE TRIGGER "carts_held_delete" BEFORE DELETE ON "carts"
  FOR EACH ROW WHEN (OLD.status = 'OPEN') EXECUTE FUNCTION taquilla_held_cart();
