-- taquilla_close_expired_holds: the source of this database function (decision 0076). A
-- change is made here and copied, whole, into a new migration as CREATE OR REPLACE
-- FUNCTION; the test sql-function-sources.test.ts fails while the latest migration differs.
--
-- Counted stock's held units (decision 0082) include the lines of OPEN carts whose time
-- has passed but that no expiry job or sweep has closed yet (they usually are within a
-- tenth of a second). When a hold finds too few free units, it closes those carts that
-- hold the ticket, as the sweep would (taquilla_held_cart gives their units back), and
-- looks again. Carts locked by someone else are skipped: their owner is deciding them.
-- Answers how many carts it closed.
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
