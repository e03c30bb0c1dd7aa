import type { ErrorCode } from '@taquilla/contract';
import { AppError, isUniqueViolation } from '../../../errors.ts';
import type { Db, Tx } from '../../../infra/db.ts';
import type { CatalogueCache } from '../../../plugins/catalogue-cache.ts';

export interface AdminDeps {
  db: Db;
  clock: () => Date;
  cache: CatalogueCache;
  log: { warn: (o: object, m: string) => void };
}

/**
 * Public reads are cached on every instance; after an organiser write
 * commits, they are dropped everywhere. A failed broadcast must not turn a
 * committed write into an error (entries expire within seconds anyway).
 */
async function invalidateCatalogue(deps: AdminDeps): Promise<void> {
  try {
    await deps.cache.invalidateAll();
  } catch (err) {
    deps.log.warn({ err }, 'catalogue cache invalidation failed');
  }
}

export interface CatalogueWriteOptions {
  /** The error a unique-constraint race that slipped past the service's own check becomes. */
  uniqueViolation?: ErrorCode;
  /** Prisma interactive-transaction limits, when the default 5 seconds is not enough. */
  transaction?: { maxWait?: number; timeout?: number };
}

/** Runs an organiser write in one transaction, then drops the cached catalogue. */
export async function writeCatalogue<T>(
  deps: AdminDeps,
  work: (tx: Tx) => Promise<T>,
  options: CatalogueWriteOptions = {},
): Promise<T> {
  try {
    const result = await deps.db.$transaction(work, options.transaction);
    await invalidateCatalogue(deps);
    return result;
  } catch (err) {
    if (options.uniqueViolation && isUniqueViolation(err)) {
      throw new AppError(options.uniqueViolation, { cause: err });
    }
    throw err;
  }
}
