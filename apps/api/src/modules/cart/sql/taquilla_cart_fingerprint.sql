-- taquilla_cart_fingerprint: the source of this database function (decision 0076). A change is made
-- here and copied, whole, into a new migration as CREATE OR REPLACE FUNCTION; the
-- test sql-function-sources.test.ts fails while the latest migration differs.
--
-- What the API priced a cart from: its owner, status, currency, lines (with
-- their tickets' payment types) and promo codes. Read without a lock, then
-- compared under the lock: any change in between is seen.
CREATE OR REPLACE FUNCTION taquilla_cart_fingerprint(p_cart uuid) RETURNS text
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
