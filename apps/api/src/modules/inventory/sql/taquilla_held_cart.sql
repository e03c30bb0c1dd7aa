-- taquilla_held_cart: the source of this database function (decision 0076). A change is made
-- here and copied, whole, into a new migration as CREATE OR REPLACE FUNCTION; the
-- test sql-function-sources.test.ts fails while the latest migration differs.
--
-- Counted stock's held units (decision 0082), the cart's side: a cart that stops being
-- OPEN (expired, reset, checked out) gives its counted lines' units back to
-- `tickets.held`; one that is OPEN again (a payment that failed) takes them again. The
-- tickets' rows are updated in ticket-id order, the order every other lock of them
-- follows. A cart deleted while OPEN deletes its lines first (before its row goes), so
-- taquilla_held_line counts them out while the cart is still there to say it was OPEN.
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
