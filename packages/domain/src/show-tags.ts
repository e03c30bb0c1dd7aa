/**
 * Tags as the catalogue filters them: trimmed and lower-cased, the same normalisation the
 * gateway applies to `GET /shows?tags=` (so a chip and a query mean the same thing).
 */
export function normalizeTag(tag: string): string {
  return tag.trim().toLowerCase();
}

let collator: Intl.Collator | null = null;

/** Spanish ordering, built once: building an Intl.Collator loads its locale's rules. */
function spanishCollator(): Intl.Collator {
  collator ??= new Intl.Collator('es');
  return collator;
}

/**
 * The tags worth offering as filter chips: every distinct tag of the given shows, the most
 * used first (ties in Spanish alphabetical order), so the chips that filter the most lead.
 */
export function collectTags(shows: readonly { tags?: readonly string[] | null }[]): string[] {
  const counts = new Map<string, number>();
  for (const show of shows) {
    // A show that repeats a tag counts once.
    for (const tag of new Set((show.tags ?? []).map(normalizeTag))) {
      if (tag !== '') counts.set(tag, (counts.get(tag) ?? 0) + 1);
    }
  }
  // No tags, nothing to order: the collator (ICU's Spanish rules, slow to build the first
  // time on a phone) is built only when there is something to sort.
  if (counts.size === 0) return [];
  const collator = spanishCollator();
  return [...counts.entries()]
    .sort(([a, countA], [b, countB]) => countB - countA || collator.compare(a, b))
    .map(([tag]) => tag);
}

/** A show passes the chip filter when no chip is on, or when it has any chosen tag. */
export function matchesAnyTag(
  show: { tags?: readonly string[] | null },
  selected: ReadonlySet<string> | readonly string[],
): boolean {
  const chosen = selected instanceof Set ? selected : new Set(selected);
  if (chosen.size === 0) return true;
  return (show.tags ?? []).some((tag) => chosen.has(normalizeTag(tag)));
}
