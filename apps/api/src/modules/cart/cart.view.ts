import { Prisma } from '../../generated/prisma/client.ts';
import type { CartItem as CartItemRecord, PaymentType } from '../../generated/prisma/client.ts';
import type { Db, Tx } from '../../infra/db.ts';

/** A cart line as the answer shows it. */
export type CartItemRow = Pick<
  CartItemRecord,
  | 'id'
  | 'ticketId'
  | 'code'
  | 'showId'
  | 'showName'
  | 'showDate'
  | 'showType'
  | 'venue'
  | 'title'
  | 'description'
  | 'note'
  | 'ticketType'
  | 'image'
  | 'quantity'
  | 'price'
  | 'discountPrice'
  | 'fee'
  | 'feeIncluded'
  | 'totalPrice'
  | 'totalFee'
  | 'priceUsd'
  | 'discountPriceUsd'
  | 'feeUsd'
  | 'totalPriceUsd'
  | 'totalFeeUsd'
  | 'location'
  | 'seatId'
  | 'bundleItems'
>;

/** A promo code applied to the cart, with what the answer shows of the code. */
export interface AppliedPromoRow {
  id: string;
  promoCodeId: string;
  discountAmount: number;
  appliedAt: Date;
  promoCode: { code: string; discountType: 'PERCENT' | 'FIXED'; discountValue: number };
}

/** The cart as answered and as promo pricing reads it. */
export interface CartRow {
  id: string;
  userId: string | null;
  currency: 'GTQ' | 'USD';
  validThru: Date | null;
  paymentType: PaymentType | null;
  paymentInfo: unknown;
  paymentProvider: string | null;
  items: CartItemRow[];
  promoCodes: AppliedPromoRow[];
}

type RawCart = Omit<CartRow, 'items' | 'promoCodes'> & {
  items: (Omit<CartItemRow, 'showDate'> & { showDate: string })[];
  promoCodes: (Omit<AppliedPromoRow, 'appliedAt'> & { appliedAt: string })[];
};

const CART_VIEW_SQL_HEAD = Prisma.sql`
  SELECT c.id::text AS id, c.user_id::text AS "userId", c.currency::text AS currency,
         c.valid_thru AS "validThru", c.payment_type::text AS "paymentType",
         c.payment_info AS "paymentInfo", c.payment_provider AS "paymentProvider",
         coalesce((SELECT json_agg(json_build_object(
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
           FROM cart_items i WHERE i.cart_id = c.id), '[]'::json) AS items,
         coalesce((SELECT json_agg(json_build_object(
             'id', a.id, 'promoCodeId', a.promo_code_id, 'discountAmount', a.discount_amount,
             'appliedAt', a.applied_at,
             'promoCode', json_build_object('code', p.code, 'discountType', p.discount_type,
                                            'discountValue', p.discount_value))
             ORDER BY a.applied_at, a.id)
           FROM promo_code_applications a JOIN promo_codes p ON p.id = a.promo_code_id
          WHERE a.cart_id = c.id), '[]'::json) AS "promoCodes"
    FROM carts c`;

/**
 * The whole cart in one statement (the cart, its lines and its codes as JSON):
 * read after every write and on every GET, so it avoids three queries.
 */
async function findCartView(
  db: Db | Tx,
  where: { id: string } | { sessionKey: string },
): Promise<CartRow | null> {
  const filter =
    'id' in where
      ? db.$queryRaw<RawCart[]>`${CART_VIEW_SQL_HEAD} WHERE c.id = ${where.id}::uuid`
      : db.$queryRaw<RawCart[]>`${CART_VIEW_SQL_HEAD}
          WHERE c.session_key = ${where.sessionKey} AND c.status = 'OPEN'
          ORDER BY c.created_at DESC LIMIT 1`;
  const row = (await filter)[0];
  if (!row) return null;
  return {
    ...row,
    items: row.items.map((item) => ({ ...item, showDate: new Date(item.showDate) })),
    promoCodes: row.promoCodes.map((p) => ({ ...p, appliedAt: new Date(p.appliedAt) })),
  };
}

export const findCartById = (db: Db | Tx, id: string) => findCartView(db, { id });
export const findOpenCart = (db: Db | Tx, sessionKey: string) => findCartView(db, { sessionKey });
