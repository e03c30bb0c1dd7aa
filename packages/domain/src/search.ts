/**
 * Catalogue search folds case and accents so that "atitlan" finds "Atitlán" and
 * "TEATRO nacional" finds "Teatro Nacional". The database keeps the folded text of
 * every show in `shows.search_text` (a generated column), built with PostgreSQL's
 * translate() over exactly these two strings and then lower(). Keep them identical to
 * the migration `20261121153700_catalogue_search`: changing them needs a new migration.
 */
export const SEARCH_FOLD_FROM = 'ÁÀÂÄÃÅáàâäãåÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÖÕóòôöõÚÙÛÜúùûüÑñÇçÝýÿ';
export const SEARCH_FOLD_TO = 'AAAAAAaaaaaaEEEEeeeeIIIIiiiiOOOOOoooooUUUUuuuuNnCcYyy';

/** The most words of a query that count; the rest are ignored. */
export const MAX_SEARCH_TERMS = 8;

const FOLD = new Map([...SEARCH_FOLD_FROM].map((letter, i) => [letter, SEARCH_FOLD_TO[i]]));

/** What translate(text, FROM, TO) then lower() gives in the database. */
export function foldForSearch(text: string): string {
  return [...text]
    .map((letter) => FOLD.get(letter) ?? letter)
    .join('')
    .toLowerCase();
}

/**
 * The folded words of a query, without repeats: a show matches when its folded
 * "fullname venue" contains every one of them, in any order.
 */
export function searchTerms(query: string): string[] {
  const words = foldForSearch(query).split(/\s+/).filter(Boolean);
  return [...new Set(words)].slice(0, MAX_SEARCH_TERMS);
}
