import { cartViewRowSchema } from '@taquilla/contract';
import type { CartLineRow, CartViewRow } from '@taquilla/contract';
import type { Db, Tx } from '../../infra/db.ts';
import { rows } from '../../infra/pg.ts';
import type { Pg } from '../../infra/pg.ts';

/** The cart as answered and as promo pricing reads it (`taquilla_cart_view`, its schema's type). */
export type CartRow = CartViewRow;
/** A cart line as the answer shows it. */
export type CartItemRow = CartLineRow;
/** A promo code applied to the cart, with what the answer shows of the code. */
export type AppliedPromoRow = CartViewRow['promoCodes'][number];

const asCartRow = (view: unknown): CartRow | null =>
  view === null || view === undefined ? null : cartViewRowSchema.parse(view);

/**
 * The whole cart in one statement (`taquilla_cart_view`: the cart, its lines and its
 * codes as JSON), read after every write and on every GET, parsed by its schema.
 */
async function findCartView(
  db: Db | Tx,
  where: { id: string } | { sessionKey: string },
): Promise<CartRow | null> {
  const found =
    'id' in where
      ? await db.$queryRaw<{ v: unknown }[]>`SELECT taquilla_cart_view(${where.id}::uuid) AS v`
      : await db.$queryRaw<{ v: unknown }[]>`
          SELECT taquilla_cart_view(c.id) AS v FROM carts c
           WHERE c.session_key = ${where.sessionKey} AND c.status = 'OPEN'
           ORDER BY c.created_at DESC LIMIT 1`;
  return asCartRow(found[0]?.v);
}

export const findCartById = (db: Db | Tx, id: string) => findCartView(db, { id });
export const findOpenCart = (db: Db | Tx, sessionKey: string) => findCartView(db, { sessionKey });

const CART_VIEW = { name: 'cart.view', text: 'SELECT taquilla_cart_view($1::uuid) AS v' };

/** The cart by id on the plain pool: a hold's answer, read once its call committed. */
export async function readCartView(pg: Pg, id: string): Promise<CartRow | null> {
  const [row] = await rows<{ v: unknown }>(pg, CART_VIEW, [id]);
  return asCartRow(row?.v);
}
