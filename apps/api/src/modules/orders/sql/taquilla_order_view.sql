-- taquilla_order_view: the source of this database function (decision 0076). A change is made
-- here and copied, whole, into a new migration as CREATE OR REPLACE FUNCTION; the
-- test sql-function-sources.test.ts fails while the latest migration differs.
--
-- The buyer's order page lists the codes that still admit: a voided code is no
-- ticket (the organiser's order detail reads every code through the ORM).
CREATE OR REPLACE FUNCTION taquilla_order_view(p_order uuid) RETURNS json
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT json_build_object(
    'id', o.id, 'orderNumber', o.order_number, 'userId', o.user_id, 'cartId', o.cart_id,
    'email', o.email, 'status', o.status, 'paymentType', o.payment_type,
    'currency', o.currency, 'subtotal', o.subtotal, 'totalFee', o.total_fee,
    'totalDiscount', o.total_discount, 'total', o.total, 'paymentInfo', o.payment_info,
    'paymentResponse', o.payment_response, 'ccBrand', o.cc_brand, 'ccLast4', o.cc_last4,
    'createdAt', o.created_at, 'updatedAt', o.updated_at,
    'items', coalesce((SELECT json_agg(json_build_object(
        'id', i.id, 'orderId', i.order_id, 'ticketId', i.ticket_id, 'showId', i.show_id,
        'seatId', i.seat_id, 'code', i.code, 'showName', i.show_name,
        'showDate', i.show_date, 'description', i.description, 'ticketType', i.ticket_type,
        'quantity', i.quantity, 'price', i.price, 'discountPrice', i.discount_price,
        'fee', i.fee, 'totalPrice', i.total_price, 'totalFee', i.total_fee,
        'location', i.location, 'bundleItems', i.bundle_items) ORDER BY i.id)
      FROM order_items i WHERE i.order_id = o.id), '[]'::json),
    'codes', coalesce((SELECT json_agg(json_build_object(
        'id', c.id, 'orderId', c.order_id, 'orderItemId', c.order_item_id, 'code', c.code,
        'ticketType', c.ticket_type, 'activatedAt', c.activated_at, 'createdAt', c.created_at)
        ORDER BY c.created_at, c.id)
      FROM ticket_codes c WHERE c.order_id = o.id AND c.voided_at IS NULL), '[]'::json),
    'changeLog', coalesce((SELECT json_agg(json_build_object(
        'id', l.id, 'orderId', l.order_id, 'action', l.action, 'reason', l.reason,
        'fromStatus', l.from_status, 'toStatus', l.to_status,
        'actorUserId', l.actor_user_id, 'createdAt', l.created_at)
        ORDER BY l.created_at, l.id)
      FROM order_change_log l WHERE l.order_id = o.id), '[]'::json),
    'promoCodes', coalesce((SELECT json_agg(json_build_object(
        'id', a.id, 'promoCodeId', a.promo_code_id, 'cartId', a.cart_id,
        'orderId', a.order_id, 'discountAmount', a.discount_amount,
        'appliedAt', a.applied_at, 'promoCode', json_build_object('code', p.code)))
      FROM promo_code_applications a JOIN promo_codes p ON p.id = a.promo_code_id
     WHERE a.order_id = o.id), '[]'::json),
    'cart', (SELECT json_build_object('sessionKey', k.session_key)
               FROM carts k WHERE k.id = o.cart_id))
    FROM orders o WHERE o.id = p_order);
END
$$;
