import type { AdminShowDownloads } from '@taquilla/contract';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { RateLimiter, RateLimitRule } from '../../plugins/rate-limit.ts';
import type { RedirectTargets } from '../../plugins/redirect-targets.ts';
import { ownShow } from '../admin/shared/admin.access.ts';
import type { AdminContext } from '../admin/shared/admin.access.ts';
import { countRedemptionsByFile, findShowListingFile, insertRedemption } from './downloads.repo.ts';

/**
 * Generous for a person (an album is ten tracks and a zip, fetched again when
 * a download fails) and a ceiling for a script inflating a counter.
 */
export const REDEEMS: RateLimitRule = { limit: 60, windowSeconds: 60 };

export interface RedeemCaller {
  userId: string | null;
  /** The browser's anonymous `sessionID` cookie. */
  browserSession: string | null;
  ip: string;
}

/**
 * The files a show's page offers, in page order: its tracks (downloads), then
 * its zip, each once. Read leniently: one malformed entry hides only itself.
 */
function listedFiles(settings: unknown): { file: string; title: string }[] {
  const landing = (settings as { landing?: { downloads?: unknown; zip?: unknown } } | null)
    ?.landing;
  const entries = [
    ...(Array.isArray(landing?.downloads) ? landing.downloads : []),
    landing?.zip,
  ] as ({ file?: unknown; title?: unknown } | null | undefined)[];
  const files = new Map<string, string>();
  for (const entry of entries) {
    if (typeof entry?.file !== 'string' || files.has(entry.file)) continue;
    files.set(entry.file, typeof entry.title === 'string' ? entry.title : entry.file);
  }
  return [...files].map(([file, title]) => ({ file, title }));
}

/**
 * A path on this site or a URL on this site or in its storage as the organiser
 * wrote it, with any character a Location header cannot carry (accents)
 * percent-encoded as UTF-8.
 */
function locationOf(file: string): string {
  return file.replace(/[^\x21-\x7e]+/g, (run) => encodeURIComponent(run));
}

/**
 * Counted downloads of landing-page files (001 §2 album, 002 §7;
 * docs/decisions/0038-dpi-lookup-and-download-redeem.md): only a file some
 * public show's page lists is counted, so the table never fills with names a
 * caller made up, and each click is one row.
 */
export function createDownloadsService(deps: {
  db: Db;
  rateLimiter: Pick<RateLimiter, 'consume'>;
  /** Where a redirect may go: this site and its storage (decision 0066). */
  targets: RedirectTargets;
}) {
  const { db } = deps;
  return {
    /** GET /etickets/downloads/redeem?filename= : counts the click, answers where the file is. */
    async redeem(filename: string, caller: RedeemCaller): Promise<{ location: string }> {
      await deps.rateLimiter.consume([{ key: `redeem:ip:${caller.ip}`, rule: REDEEMS }]);
      // Before the look-up: an address elsewhere is never counted nor sent to, even
      // one a page listed before the rule (`//evil.example` passed as a path then).
      if (!deps.targets.isAllowed(filename)) throw new AppError('DOWNLOAD_NOT_ALLOWED');
      const showId = await findShowListingFile(db, filename);
      if (!showId) throw new AppError('DOWNLOAD_NOT_FOUND');
      await insertRedemption(db, {
        showId,
        filename,
        userId: caller.userId,
        sessionKey: caller.browserSession,
        ip: caller.ip,
      });
      return { location: locationOf(filename) };
    },

    /** GET /admin/shows/{id}/downloads */
    async countsOfShow(ctx: AdminContext, id: string): Promise<AdminShowDownloads> {
      const show = await ownShow(db, ctx, id);
      const counts = await countRedemptionsByFile(db, show.id);
      const listed = listedFiles(show.settings);
      const items: AdminShowDownloads['items'] = listed.map(({ file, title }) => ({
        file,
        title,
        count: counts.get(file) ?? 0,
      }));
      const seen = new Set(listed.map(({ file }) => file));
      const unlisted = [...counts]
        .filter(([file]) => !seen.has(file))
        .sort(([fileA, a], [fileB, b]) => b - a || fileA.localeCompare(fileB))
        .map(([file, count]) => ({ file, title: null, count }));
      return { items: [...items, ...unlisted] };
    },
  };
}

export type DownloadsService = ReturnType<typeof createDownloadsService>;
