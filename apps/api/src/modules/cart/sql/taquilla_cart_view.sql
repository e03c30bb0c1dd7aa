-- taquilla_cart_view: the source of this database function (decision 0076). A change is made
-- here and copied, whole, into a new migration as CREATE OR REPLACE FUNCTION; the
-- test sql-function-sources.test.ts fails while the latest migration differs.
--
-- The whole cart in one JSON value (decision 0078): the cart, its lines and its applied
-- codes, as every cart answer shows it and as promo pricing reads it. Parsed by the
-- contract's cartViewRowSchema (cart.view.ts). PL/pgSQL, not SQL: PostgreSQL 15 plans a SQL
-- function's query again at every call, PL/pgSQL keeps its plan for the connection.
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
