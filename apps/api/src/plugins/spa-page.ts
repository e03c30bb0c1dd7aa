import type { FastifyRequest } from 'fastify';
import { escapeHtml } from './html.ts';

/**
 * What one piece of the API adds to the SPA's `index.html` for one navigation
 * (decision 0069): a page's head for sharing and search, data embedded for the first
 * view, and so on. Each piece writes only its own part; the page puts them in place.
 */
export interface PageAdditions {
  /** The page's own title and description, as plain text: they replace the build's. */
  title?: string;
  description?: string;
  /** Markup placed at the end of `<head>`; its writer escapes what it writes (html.ts). */
  head?: string;
  /** Markup placed at the end of `<body>`; its writer escapes what it writes (html.ts). */
  body?: string;
}

/**
 * One piece that adds to a navigation's page, or answers null to add nothing. A
 * contributor that throws is logged and left out: the page is still served.
 */
export type PageContributor = (request: FastifyRequest) => Promise<PageAdditions | null>;

type Slot = 'title' | 'description' | 'head' | 'body';

const TITLE = /<title>[\s\S]*?<\/title>/i;
const DESCRIPTION = /<meta\s[^>]*name=["']description["'][^>]*>/i;

/**
 * The built `index.html`, cut once at start-up around the places additions go: its
 * `<title>`, its description `<meta>`, the end of `<head>` and of `<body>`. Rendering
 * is string joins, no parsing per request. A build without one of those places (a
 * test's one-line page) still takes the additions: the title and description go into
 * the head, and the head's markup after the title.
 */
export function createPageTemplate(indexHtml: string) {
  const title = TITLE.exec(indexHtml);
  const description = DESCRIPTION.exec(indexHtml);
  const headEnd = indexHtml.search(/<\/head>/i);
  const bodyEnd = indexHtml.search(/<\/body>/i);

  const cuts: { at: number; end: number; slot: Slot }[] = [];
  if (title) cuts.push({ at: title.index, end: title.index + title[0].length, slot: 'title' });
  if (description) {
    const end = description.index + description[0].length;
    cuts.push({ at: description.index, end, slot: 'description' });
  }
  const headAt = headEnd >= 0 ? headEnd : title ? title.index + title[0].length : 0;
  cuts.push({ at: headAt, end: headAt, slot: 'head' });
  if (bodyEnd >= 0) cuts.push({ at: bodyEnd, end: bodyEnd, slot: 'body' });
  cuts.sort((a, b) => a.at - b.at);

  const pieces: ({ text: string } | { slot: Slot })[] = [];
  let from = 0;
  for (const cut of cuts) {
    pieces.push({ text: indexHtml.slice(from, cut.at) }, { slot: cut.slot });
    from = cut.end;
  }
  pieces.push({ text: indexHtml.slice(from) });
  const builtTitle = title?.[0] ?? '';
  const builtDescription = description?.[0] ?? '';

  return {
    /** The page with every addition in place; none gives the build's page as it is. */
    render(additions: readonly (PageAdditions | null)[]): string {
      const given = additions.filter((a): a is PageAdditions => a !== null);
      if (given.length === 0) return indexHtml;
      const last = (key: 'title' | 'description') =>
        given.reduce<string | undefined>((found, a) => a[key] ?? found, undefined);
      const pageTitle = last('title');
      const pageDescription = last('description');
      const slots: Record<Slot, string> = {
        title: pageTitle === undefined ? builtTitle : `<title>${escapeHtml(pageTitle)}</title>`,
        description:
          pageDescription === undefined
            ? builtDescription
            : `<meta name="description" content="${escapeHtml(pageDescription)}" />`,
        head: given.map((a) => a.head ?? '').join(''),
        body: given.map((a) => a.body ?? '').join(''),
      };
      // A build without a title or description element gets the page's in its head.
      if (!title) slots.head = slots.title + slots.head;
      if (!description) slots.head = slots.description + slots.head;
      if (bodyEnd < 0) slots.head += slots.body;
      return pieces.map((piece) => ('slot' in piece ? slots[piece.slot] : piece.text)).join('');
    },
  };
}
