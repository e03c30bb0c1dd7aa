import type { Tx } from './db.ts';

// The unreferenced-upload sweep (decision 0061) must not delete an image that a save
// in flight is about to name. Most organiser tables are held with a SHARE lock while it
// deletes, but `tickets` is written by every checkout (`sold`), so a table lock there
// would stall sales once an hour. Ticket saves (the only writes that put an image link
// on a ticket or a bundle part) take this lock shared instead, and the sweep takes it
// alone: a checkout never waits for the sweep.

/** Taken by a ticket save before it writes: waits while the sweep deletes a batch. */
export async function shareUploadReferences(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock_shared(hashtext('taquilla:upload-references'))`;
}

/** Taken by the sweep around a batch: waits for the ticket saves in flight. */
export async function excludeUploadReferences(tx: Tx): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext('taquilla:upload-references'))`;
}
