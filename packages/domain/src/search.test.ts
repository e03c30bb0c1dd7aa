import { describe, expect, it } from 'vitest';
import {
  MAX_SEARCH_TERMS,
  SEARCH_FOLD_FROM,
  SEARCH_FOLD_TO,
  foldForSearch,
  searchTerms,
} from './search.ts';

describe('catalogue search folding', () => {
  it('maps each accented letter to its plain letter, one for one', () => {
    expect([...SEARCH_FOLD_FROM]).toHaveLength([...SEARCH_FOLD_TO].length);
    for (const [i, letter] of [...SEARCH_FOLD_FROM].entries()) {
      expect(letter.normalize('NFD')[0]).toBe(SEARCH_FOLD_TO[i]);
    }
  });

  it('drops accents and case, keeping everything else', () => {
    expect(foldForSearch('Teatro Nacional Miguel Ángel Asturias')).toBe(
      'teatro nacional miguel angel asturias',
    );
    expect(foldForSearch('ATITLÁN · Peña 100%')).toBe('atitlan · pena 100%');
  });

  it('splits a query into distinct folded words', () => {
    expect(searchTerms('  Teatro   NACIONAL teatro ')).toEqual(['teatro', 'nacional']);
    expect(searchTerms('   ')).toEqual([]);
  });

  it(`keeps at most ${MAX_SEARCH_TERMS} words`, () => {
    const words = Array.from({ length: 12 }, (_, i) => `w${i}`);
    expect(searchTerms(words.join(' '))).toEqual(words.slice(0, MAX_SEARCH_TERMS));
  });
});
