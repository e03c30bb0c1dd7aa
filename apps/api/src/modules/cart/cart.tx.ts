import { AppError, isUniqueViolation } from '../../errors.ts';
import { PG_CONNECT_TIMEOUT_MS, isLockTimeout } from '../../infra/pg.ts';
import type { Db, Tx } from '../../infra/db.ts';
import { withSpan } from '../../infra/tracing.ts';
import { addressKey } from '../../plugins/address-key.ts';
import { OTHER_PRODUCER_KEY } from '../inventory/inventory.hold.ts';
import type { CartRow } from './cart.repo.ts';
import { findOpenCart, lockCartSession } from './cart.repo.ts';

/** Who is asking: a signed-in user's cart answers only to that user. */
export interface CartCaller {
  userId: string | null;
  /** The client's address (behind TRUST_PROXY_HOPS): the hold cap's key when signed out. */
  ip: string;
}

/** The per-client cap's key: the user when signed in, else the address (an IPv6 /64, 0067). */
export const clientKeyOf = (caller: CartCaller) =>
  caller.userId ? `user:${caller.userId}` : `ip:${addressKey(caller.ip)}`;

export function isLive(cart: Pick<CartRow, 'validThru'>, now: Date): boolean {
  return cart.validThru === null || cart.validThru > now;
}

export function assertOwner(cart: Pick<CartRow, 'userId'>, caller: CartCaller): void {
  if (cart.userId !== null && cart.userId !== caller.userId) throw new AppError('FORBIDDEN');
}

export function isOtherProducerLine(err: unknown): boolean {
  const e = err as { message?: unknown; meta?: unknown } | null;
  const text = `${String(e?.message ?? '')} ${JSON.stringify(e?.meta ?? null)}`;
  return text.includes(OTHER_PRODUCER_KEY);
}

/**
 * In an on-sale every connection of the pool may be taken for a moment: a cart
 * write waits as long as a new connection may take (5 s, not Prisma's 2 s),
 * and past that answers 503 with Retry-After (error handler, `isDatabaseBusy`).
 */
const CART_TRANSACTION = { maxWait: PG_CONNECT_TIMEOUT_MS } as const;

/** A span of the database's work (decision 0049). */
const DB_SPAN = { 'db.system.name': 'postgresql' } as const;

/**
 * One cart write in one transaction: a lock wait past the timeout answers
 * 409 CART_BUSY (never a deadlock), a seat another cart took between our
 * check and our insert answers SEAT_UNAVAILABLE, and a line of another
 * producer than the cart's answers CART_OTHER_PRODUCER. Nothing is half-written.
 */
export async function inCartTransaction<T>(db: Db, write: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await withSpan('cart transaction', DB_SPAN, () =>
      db.$transaction(write, CART_TRANSACTION),
    );
  } catch (err) {
    if (isLockTimeout(err)) throw new AppError('CART_BUSY', { cause: err });
    if (isOtherProducerLine(err)) throw new AppError('CART_OTHER_PRODUCER', { cause: err });
    if (isUniqueViolation(err)) throw new AppError('SEAT_UNAVAILABLE', { cause: err });
    throw err;
  }
}

/** The caller's live cart under its session lock, or 404 CART_NOT_FOUND. */
export async function liveCartForWrite(
  tx: Tx,
  sessionKey: string,
  caller: CartCaller,
  now: Date,
): Promise<CartRow> {
  await lockCartSession(tx, sessionKey);
  const cart = await findOpenCart(tx, sessionKey);
  if (!cart || !isLive(cart, now)) throw new AppError('CART_NOT_FOUND');
  assertOwner(cart, caller);
  return cart;
}
