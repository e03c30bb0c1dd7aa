-- taquilla_approve_order: the source of this database function (decision 0076). A change is made
-- here and copied, whole, into a new migration as CREATE OR REPLACE FUNCTION; the
-- test sql-function-sources.test.ts fails while the latest migration differs.
--
-- A PENDING card order whose payment went through: APPROVED with its
-- change-log entry, answering the order page's JSON; null when it had
-- already changed (abandoned, cancelled, or approved by a retry).
CREATE OR REPLACE FUNCTION taquilla_approve_order(p_order uuid, p_payment_response jsonb) RETURNS json
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
