-- taquilla_cart_for_write: the source of this database function (decision 0076). A change is
-- made here and copied, whole, into a new migration as CREATE OR REPLACE FUNCTION; the
-- test sql-function-sources.test.ts fails while the latest migration differs.
--
-- The browser session's live cart, for a write that takes places out of it
-- (taquilla_release, taquilla_reset; decision 0080): the lock timeout set for the
-- transaction, the session's advisory lock taken (the first lock of 0017's order), then
-- its newest open cart. Refusals: 'taquilla:CART_NOT_FOUND' (none, or its ten minutes
-- passed), 'taquilla:FORBIDDEN' (another user's).
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
