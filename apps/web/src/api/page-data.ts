import { PAGE_DATA_ELEMENT_ID } from '@taquilla/contract/plain';

/*
 * The answers the server put in the page's HTML for its first GET calls (decision 0072),
 * keyed by `pageDataKey` (method and URL as requested). Each is used once, by the first
 * call of its key; a retry, a later visit or a call past PAGE_DATA_TTL_MS fetches, so an
 * answer never stands in for long for the catalogue it was read from.
 */

/** How long after the first call an answer of the page may still stand in for a call. */
export const PAGE_DATA_TTL_MS = 30_000;

let answers: Map<string, unknown> | null = null;
let readAt = 0;

function readPageData(): Map<string, unknown> {
  const read = new Map<string, unknown>();
  const element = document.getElementById(PAGE_DATA_ELEMENT_ID);
  if (!element) return read;
  // Read once and dropped from the document: nothing else should find it there.
  element.remove();
  try {
    const parsed: unknown = JSON.parse(element.textContent ?? '');
    if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) {
      for (const [key, value] of Object.entries(parsed)) read.set(key, value);
    }
  } catch {
    // A page without usable data: every call fetches.
  }
  return read;
}

/** The page's answer for `key`, removed so that the next call of the key fetches; or null. */
export function takePageAnswer(key: string): { body: unknown } | null {
  if (answers === null) {
    answers = typeof document === 'undefined' ? new Map() : readPageData();
    readAt = Date.now();
  }
  if (!answers.has(key)) return null;
  if (Date.now() - readAt > PAGE_DATA_TTL_MS) {
    answers.clear();
    return null;
  }
  const body = answers.get(key);
  answers.delete(key);
  return { body };
}

/**
 * Whether the page still holds an answer for `key` that no call has taken; true before
 * the answers are first read (they are all still in the page). Reads without taking.
 */
export function hasPageAnswer(key: string): boolean {
  return answers === null || answers.has(key);
}
