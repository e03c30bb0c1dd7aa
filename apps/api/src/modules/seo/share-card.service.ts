import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { showImageVariantName } from '@taquilla/contract';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import type { ObjectStorage } from '../storage/storage.types.ts';
import { findPageShow } from './seo.repo.ts';
import { isDraftPage } from './seo.rules.ts';
import { createTurns } from './share-card.queue.ts';
import { renderShareCard } from './share-card.render.ts';
import { SHARE_CARD, SHARE_CARDS_FOLDER, shareCardOf, shareCardUrl } from './share-card.rules.ts';
import type { ShareCard, ShareCardSource } from './share-card.rules.ts';

/** The most a picture read for a card may weigh (uploads are 5 MB by default). */
const MAX_PICTURE_BYTES = 16 * 1024 * 1024;
/**
 * Cards made at once by one API instance, and how many may wait for their turn: sharp
 * runs off the event loop with one thread (decision 0071), so on a two-core machine a
 * crawler opening a hundred new shows takes one core for a few seconds, never both;
 * past the queue it is told to come back (503, Retry-After), which crawlers do.
 */
const RENDERS_AT_ONCE = 1;
const RENDERS_WAITING = 64;
const BUSY_RETRY_SECONDS = 10;

export type ShareCardAnswer =
  | { kind: 'moved'; location: string }
  | {
      kind: 'card';
      version: string;
      body: Readable | Buffer;
      size: number;
      /** False for a card drawn without its picture (it could not be read): not kept. */
      isLasting: boolean;
    };

interface MadeCard {
  body: Buffer;
  isLasting: boolean;
}

async function readAll(found: { body: Readable; size: number }): Promise<Buffer> {
  if (found.size > MAX_PICTURE_BYTES) {
    found.body.destroy();
    throw new Error(`picture of ${found.size} bytes not read for a share card`);
  }
  const chunks: Buffer[] = [];
  for await (const chunk of found.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Share cards (decision 0073): `GET /images/share/{show}/{version}.jpg` answers the
 * card of a show that is not a draft, made on its first request and kept in object
 * storage, so every API instance serves it from there afterwards. A card is only made
 * for the version the show has now: an old or invented version is sent to the current
 * one, so the cards the server can be made to draw are one per public show and
 * change, whoever asks. Concurrent requests for one card share one render; renders
 * take their turn (RENDERS_AT_ONCE).
 */
export function createShareCardService(deps: {
  db: Db;
  storage: ObjectStorage;
  cache: CatalogueCache;
  config: Pick<Config, 'PUBLIC_URL' | 'WEB_DIST_DIR'>;
  log: {
    info: (o: object, m: string) => void;
    warn: (o: object, m: string) => void;
  };
}) {
  const publicUrl = deps.config.PUBLIC_URL.replace(/\/+$/, '');
  const webRoot = deps.config.WEB_DIST_DIR ? path.resolve(deps.config.WEB_DIST_DIR) : null;
  const inTurn = createTurns({
    atOnce: RENDERS_AT_ONCE,
    waiting: RENDERS_WAITING,
    retryAfterSeconds: BUSY_RETRY_SECONDS,
  });
  const making = new Map<string, Promise<MadeCard>>();

  /** The show's card as it is now, or null for a draft or no show (cached like its page). */
  function currentCard(showId: string): Promise<ShareCard | null> {
    return deps.cache.getValue(`seo:card:${showId}`, async () => {
      const show = await findPageShow(deps.db, { id: showId });
      return show && !isDraftPage(show) ? shareCardOf(show, publicUrl) : null;
    });
  }

  /** The picture's bytes: an upload's widest copy (smaller to decode), else its original. */
  async function readPicture(source: ShareCardSource): Promise<Buffer | null> {
    if (source.kind === 'storage') {
      const found =
        (await deps.storage.openRead(showImageVariantName(source.key, 1600))) ??
        (await deps.storage.openRead(source.key));
      return found ? readAll(found) : null;
    }
    if (!webRoot) return null;
    const file = path.resolve(webRoot, `.${source.path}`);
    if (!file.startsWith(webRoot + path.sep)) return null;
    const info = await stat(file).catch(() => null);
    if (!info?.isFile() || info.size > MAX_PICTURE_BYTES) return null;
    return readFile(file);
  }

  /** The card drawn from its picture, else the plain card (not kept when it stands in). */
  async function draw(showId: string, card: ShareCard) {
    if (card.source) {
      const picture = await readPicture(card.source).catch((err: unknown) => {
        deps.log.warn({ err, show: showId, source: card.source }, 'share card picture unread');
        return null;
      });
      const isSvg = card.source.kind === 'site' && card.source.path.endsWith('.svg');
      const made =
        picture &&
        (await renderShareCard({ picture, isSvg }).catch((err: unknown) => {
          deps.log.warn({ err, show: showId, source: card.source }, 'share card picture undrawn');
          return null;
        }));
      if (made) return { body: made, from: isSvg ? 'svg' : 'picture', isLasting: true };
    }
    const body = await renderShareCard({ picture: null, ...card });
    // A card drawn without its picture is sent, not kept: the next request tries again.
    return { body, from: 'plain', isLasting: !card.source };
  }

  /** Makes and keeps the card, in turn; one made meanwhile (elsewhere) is sent instead. */
  function make(showId: string, card: ShareCard, key: string): Promise<MadeCard> {
    return inTurn(async () => {
      const kept = await deps.storage.openRead(key);
      if (kept) return { body: await readAll(kept), isLasting: true };
      const started = performance.now();
      const drawn = await draw(showId, card);
      deps.log.info(
        {
          show: showId,
          version: card.version,
          from: drawn.from,
          bytes: drawn.body.length,
          ms: Math.round(performance.now() - started),
        },
        'share card made',
      );
      if (drawn.isLasting) {
        await deps.storage.put(key, drawn.body, SHARE_CARD.type);
        await removeOtherVersions(showId, key);
      }
      return drawn;
    });
  }

  /** The show's older cards: they are never asked for again (their requests move on). */
  async function removeOtherVersions(showId: string, keep: string) {
    try {
      for await (const object of deps.storage.list(`${SHARE_CARDS_FOLDER}${showId}/`)) {
        if (object.key !== keep) await deps.storage.delete(object.key);
      }
    } catch (err) {
      deps.log.warn({ err, show: showId }, 'old share cards not removed');
    }
  }

  return {
    async answer(showId: string, version: string): Promise<ShareCardAnswer> {
      const card = await currentCard(showId);
      if (!card) throw new AppError('SHOW_NOT_FOUND');
      if (card.version !== version) {
        return { kind: 'moved', location: shareCardUrl(showId, card, publicUrl) };
      }
      const key = `${SHARE_CARDS_FOLDER}${showId}/${card.version}.jpg`;
      const kept = await deps.storage.openRead(key);
      if (kept) return { kind: 'card', version: card.version, ...kept, isLasting: true };
      // Requests for a card being made wait for that one: one render, its bytes shared.
      let pending = making.get(key);
      if (!pending) {
        pending = make(showId, card, key).finally(() => making.delete(key));
        making.set(key, pending);
      }
      const made = await pending;
      return { kind: 'card', version: card.version, ...made, size: made.body.length };
    },
  };
}

export type ShareCardService = ReturnType<typeof createShareCardService>;
