-- taquilla_held_line: the source of this database function (decision 0076). A change is made
-- here and copied, whole, into a new migration as CREATE OR REPLACE FUNCTION; the
-- test sql-function-sources.test.ts fails while the latest migration differs.
--
-- Counted stock's held units (decision 0082): `tickets.held` is the sum of the counted
-- lines (no seat) of OPEN carts, kept by triggers so that no writer of a line can miss
-- it. This one follows a line: written, changed or deleted while its cart is OPEN. The
-- triggers fire only for lines without a seat (their WHEN), so a seat hold never touches
-- the ticket's row. A hold checks the free units before it writes its line
-- (taquilla_hold), under the row lock this update then keeps.
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
