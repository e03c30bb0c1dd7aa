import { releaseResultRowSchema } from '@taquilla/contract';
import type { ReleaseResultRow } from '@taquilla/contract';
import { AppError } from '../../errors.ts';
import { isLockTimeout, raisedCode, rows } from '../../infra/pg.ts';
import type { Pg } from '../../infra/pg.ts';
import { withSpan } from '../../infra/tracing.ts';
import { CART_LOCK_TIMEOUT } from './inventory.hold.ts';

const RELEASE = {
  name: 'inventory.release',
  text: 'SELECT taquilla_release($1, $2::uuid, $3, $4, $5::uuid[], $6::uuid[]) AS r',
};
const RELEASE_SPAN = { 'db.system.name': 'postgresql', 'db.operation.name': 'taquilla_release' };

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
    const [row] = await withSpan('inventory release', RELEASE_SPAN, () =>
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
    const raised = raisedCode(err);
    if (raised === 'CART_NOT_FOUND' || raised === 'FORBIDDEN') throw new AppError(raised);
    if (isLockTimeout(err)) throw new AppError('CART_BUSY', { cause: err });
    throw err;
  }
}
