import { describe, expect, it } from 'vitest';
import { collectTags, matchesAnyTag, normalizeTag } from './show-tags.ts';

describe('catalogue tags', () => {
  it('normalises like the gateway', () => {
    expect(normalizeTag('  Música ')).toBe('música');
  });

  it('offers each tag once, the most used first, ties alphabetically in Spanish', () => {
    const shows = [
      { tags: ['música', 'rock'] },
      { tags: ['Música', 'familia', 'familia'] },
      { tags: ['teatro', 'ÉPICO'] },
      { tags: null },
      {},
    ];
    expect(collectTags(shows)).toEqual(['música', 'épico', 'familia', 'rock', 'teatro']);
  });

  it('ignores empty tags', () => {
    expect(collectTags([{ tags: [' ', ''] }])).toEqual([]);
  });

  it('lets every show through when no chip is on', () => {
    expect(matchesAnyTag({ tags: [] }, [])).toBe(true);
    expect(matchesAnyTag({}, new Set())).toBe(true);
  });

  it('keeps a show having any of the chosen tags', () => {
    const show = { tags: ['Música', 'cine'] };
    expect(matchesAnyTag(show, ['teatro', 'música'])).toBe(true);
    expect(matchesAnyTag(show, new Set(['cine']))).toBe(true);
    expect(matchesAnyTag(show, ['teatro'])).toBe(false);
    expect(matchesAnyTag({ tags: null }, ['teatro'])).toBe(false);
  });
});
