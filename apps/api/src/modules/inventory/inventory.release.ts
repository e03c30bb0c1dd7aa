import { releaseResultRowSchema, resetResultRowSchema } from '@taquilla/contract';
import type { ReleaseResultRow, ResetResultRow } from '@taquilla/contract';
import { AppError } from '../../errors.ts';
import { isLockTimeout, raisedCode, rows } from '../../infra/pg.ts';
import type { Pg } from '../../infra/pg.ts';
import { withSpan } from '../../infra/tracing.ts';
import { CART_LOCK_TIMEOUT } from './inventory.hold.ts';

const RELEASE = {
  name: 'inventory.release',
  text: 'SELECT taquilla_release($1, $2::uuid, $3, $4, $5::uuid[], $6::uuid[]) AS r',
};
const RESET = {
  name: 'inventory.reset',
  text: 'SELECT taquilla_reset($1, $2::uuid, $3, $4) AS r',
};
const span = (name: string) => ({ 'db.system.name': 'postgresql', 'db.operation.name': name });

/** The refusals both calls share, as the API's errors. */
function refusal(err: unknown): unknown {
  const raised = raisedCode(err);
  if (raised === 'CART_NOT_FOUND' || raised === 'FORBIDDEN') return new AppError(raised);
  if (isLockTimeout(err)) return new AppError('CART_BUSY', { cause: err });
  return err;
}

/**
 * Takes lines out of the session's live cart in one call (`taquilla_release`, decision
 * 0078): the lines named by id or by seat, their seats' holds with them, the codes priced
 * again. 404 CART_NOT_FOUND without a live cart, 403 FORBIDDEN on another user's, 409
 * CART_BUSY past the lock timeout.
 */
export async function releasePlaces(
  db: Pg,
  input: { session: string; user: string | null; now: Date; items: string[]; seats: string[] },
): Promise<ReleaseResultRow> {
  try {
    const [row] = await withSpan('inventory release', span('taquilla_release'), () =>
      rows<{ r: unknown }>(db, RELEASE, [
        input.session,
        input.user,
        input.now,
        CART_LOCK_TIMEOUT,
        input.items,
        input.seats,
      ]),
    );
    return releaseResultRowSchema.parse(row?.r);
  } catch (err) {
    throw refusal(err);
  }
}

/**
 * DELETE /cart/{sessionID}/ in one call (`taquilla_reset`, decision 0080): every line and
 * its seat's hold go, the codes come off and the cart is closed. The same refusals as
 * releasePlaces.
 */
export async function resetCart(
  db: Pg,
  input: { session: string; user: string | null; now: Date },
): Promise<ResetResultRow> {
  try {
    const [row] = await withSpan('inventory reset', span('taquilla_reset'), () =>
      rows<{ r: unknown }>(db, RESET, [input.session, input.user, input.now, CART_LOCK_TIMEOUT]),
    );
    return resetResultRowSchema.parse(row?.r);
  } catch (err) {
    throw refusal(err);
  }
}
