-- taquilla_reprice_promos: the source of this database function (decision 0076). A change is
-- made here and copied, whole, into a new migration as CREATE OR REPLACE FUNCTION; the
-- test sql-function-sources.test.ts fails while the latest migration differs.
--
-- The codes applied to a cart, priced again after its lines changed (decision 0078), as
-- @taquilla/domain's promoDiscount prices them (000 §9): the subtotal of the lines a code
-- covers (its shows, a date through its parent; with none listed, every show of its
-- producer), PERCENT rounded to whole units halves up, FIXED in quetzales only (0 on a
-- dollar cart), never more than that subtotal. inventory-promo-pricing.test.ts holds the
-- two to the same answers.
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
