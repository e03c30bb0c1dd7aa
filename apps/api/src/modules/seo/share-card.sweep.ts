import type { Db } from '../../infra/db.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { SHARE_CARDS_FOLDER } from './share-card.rules.ts';
import { findExistingShowIds } from './seo.repo.ts';

/** A card's key: `share-cards/shows/{show}/{version}.jpg`; its show's id, or null. */
const CARD_KEY = new RegExp(`^${SHARE_CARDS_FOLDER}([0-9a-f-]{36})/[^/]+\\.jpg$`);

/**
 * Removes the share cards of shows that no longer exist (decision 0073): a show's card is
 * replaced when its version changes, but nothing else removes it once the show is
 * deleted. A show's id is never used again, so a card of a missing show is never
 * wanted; a card of a show that exists is left alone, whatever its age. Runs with the
 * unreferenced-uploads sweep (0061), once a day.
 */
export async function sweepShareCardsOfDeletedShows(deps: {
  db: Db;
  storage: ObjectStorage;
}): Promise<{ scanned: number; deleted: number }> {
  const byShow = new Map<string, string[]>();
  let scanned = 0;
  for await (const object of deps.storage.list(SHARE_CARDS_FOLDER)) {
    const showId = CARD_KEY.exec(object.key)?.[1];
    if (!showId) continue;
    scanned += 1;
    byShow.set(showId, [...(byShow.get(showId) ?? []), object.key]);
  }
  if (byShow.size === 0) return { scanned, deleted: 0 };
  const existing = await findExistingShowIds(deps.db, [...byShow.keys()]);
  let deleted = 0;
  for (const [showId, keys] of byShow) {
    if (existing.has(showId)) continue;
    for (const key of keys) await deps.storage.delete(key);
    deleted += keys.length;
  }
  return { scanned, deleted };
}
