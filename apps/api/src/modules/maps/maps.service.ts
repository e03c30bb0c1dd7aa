import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import { PreEncoded } from '../../plugins/pre-encoded.ts';
import { prepareMap, venueMapJson } from './maps.mapper.ts';
import type { PreparedMap } from './maps.mapper.ts';
import {
  countTakenPlaces,
  findReservationsOfSection,
  findShowWithMaps,
  findVenueMapLayout,
} from './maps.repo.ts';
import type { SeatChanges } from './seat-changes.ts';
import { createSnapshotStore } from './seat-states.snapshot.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * How long a map's structure (sections, seats) and a show's map lookup stay
 * cached. Organiser writes clear them at once (invalidateAll on every
 * instance); this only bounds staleness should an invalidation be missed.
 */
export const MAP_STRUCTURE_TTL_SECONDS = 60;

/** The show a map is asked for, and the map it uses (its own or its parent's). */
interface MapOfShow {
  showId: string;
  mapId: string;
}

export interface SeatStatesRequest {
  location: string;
  section: string;
  cart?: string | null | undefined;
}

export function createMapsService(deps: {
  db: Db;
  clock: () => Date;
  cache: CatalogueCache;
  structureTtlSeconds?: number;
  /** The seat versions every committed seat change renews (absent: no snapshots). */
  seatChanges?: Pick<SeatChanges, 'version'>;
  seatSnapshotMaxAgeMs?: number;
  log?: { warn: (o: object, m: string) => void };
}) {
  const { db, cache } = deps;
  const snapshots = createSnapshotStore({
    load: (showId, section) => findReservationsOfSection(db, showId, section.id),
    ...(deps.seatChanges ? { version: (id: string) => deps.seatChanges!.version(id) } : {}),
    ...(deps.seatSnapshotMaxAgeMs !== undefined ? { maxAgeMs: deps.seatSnapshotMaxAgeMs } : {}),
    ...(deps.log ? { log: deps.log } : {}),
  });
  const ttl = { ttlSeconds: deps.structureTtlSeconds ?? MAP_STRUCTURE_TTL_SECONDS };

  /**
   * By `_id` or vanity path. A child date (a show with a parent) without a
   * map of its own uses its parent's: the seats are the parent's, their
   * reservations carry the date's id. NEW shows are drafts and do not exist.
   */
  function mapOfShow(idOrPath: string): Promise<MapOfShow> {
    // One key per show and spelling: an upper-case UUID must not make a new entry.
    const isId = UUID.test(idOrPath);
    const key = isId ? idOrPath.toLowerCase() : idOrPath;
    return cache.getValue(
      `map-of-show:${key}`,
      async () => {
        const show = await findShowWithMaps(db, isId ? { id: key } : { path: key });
        if (!show || show.status === 'NEW') throw new AppError('SHOW_NOT_FOUND');
        const mapId = show.venueMap?.id ?? show.parent?.venueMap?.id;
        if (!mapId) throw new AppError('MAP_NOT_FOUND');
        return { showId: show.id, mapId };
      },
      ttl,
    );
  }

  function preparedMap(mapId: string): Promise<PreparedMap> {
    return cache.getValue(
      `map-structure:${mapId}`,
      async () => {
        const layout = await findVenueMapLayout(db, mapId);
        if (!layout) throw new AppError('MAP_NOT_FOUND');
        return prepareMap(layout);
      },
      ttl,
    );
  }

  /** The map's JSON for a show: the cached structure plus one aggregate query. */
  async function buildShowMap(showId: string, mapId: string): Promise<PreEncoded> {
    const map = await preparedMap(mapId);
    const taken = await countTakenPlaces(db, showId, map.openTicketIds, deps.clock());
    const available = new Map<string, number>();
    for (const section of map.sections) {
      const used =
        section.isOpen && section.ticketId
          ? (taken.unitsByTicket.get(section.ticketId) ?? 0)
          : (taken.seatsBySection.get(section.id) ?? 0);
      const total = section.isOpen ? section.capacity : section.seatCount;
      available.set(section.id, Math.max(0, total - used));
    }
    return new PreEncoded(venueMapJson(map, available));
  }

  return {
    /**
     * GET /shows/{id}/map, ready to send (with its compressed forms). The
     * answer is kept for the catalogue TTL (CATALOGUE_CACHE_SECONDS, 5 s by
     * default), so its `available` counts can be that many seconds old; seat
     * states (getSeatStatesJson) are always live.
     */
    async getShowMap(idOrPath: string): Promise<PreEncoded> {
      const { showId, mapId } = await mapOfShow(idOrPath);
      return cache.getValue(`map-answer:${showId}`, () => buildShowMap(showId, mapId));
    },

    /**
     * Whether a seat is sold or held live for a show (a date), as the latest
     * snapshot says: a cheap first answer for a hold on a taken seat during a
     * rush. Only a `true` is acted on (answering SEAT_UNAVAILABLE at once);
     * every hold that may succeed is decided by the database. Unknown shows,
     * seats or an unreadable version answer false.
     */
    async isSeatTaken(showId: string, seatId: string): Promise<boolean> {
      if (!deps.seatChanges) return false;
      try {
        const { mapId } = await mapOfShow(showId);
        const section = (await preparedMap(mapId)).sectionsBySeat.get(seatId);
        if (!section) return false;
        const snapshot = await snapshots.get(showId, section);
        return snapshot.isTaken(seatId, deps.clock().getTime());
      } catch {
        return false;
      }
    },

    /**
     * POST /shows/{id}/map/seats: the section's seats with `reserved` for the
     * asking cart's live holds, `unavailable` for sales and other carts' live
     * holds, `available` otherwise (expired holds included). `location` must
     * be the show's map and `section` one of its sections; a cart id that is
     * not a UUID matches no hold. Answered from a snapshot never older than
     * the last announced seat change; callers without holds in the section
     * share one answer (and its compressed forms).
     */
    async getSeatStates(
      idOrPath: string,
      request: SeatStatesRequest,
    ): Promise<PreEncoded | string> {
      const { showId, mapId } = await mapOfShow(idOrPath);
      if (request.location.toLowerCase() !== mapId) throw new AppError('MAP_NOT_FOUND');
      const map = await preparedMap(mapId);
      const section = map.sectionsById.get(request.section.toLowerCase());
      if (!section) throw new AppError('SECTION_NOT_FOUND');
      if (section.seatCount === 0) return '[]';

      const snapshot = await snapshots.get(showId, section);
      const now = deps.clock().getTime();
      const cart = request.cart?.toLowerCase() ?? null;
      if (cart !== null && snapshot.holdsAny(cart, now)) return snapshot.answerFor(cart, now);
      return snapshot.genericAnswer(now);
    },
  };
}

export type MapsService = ReturnType<typeof createMapsService>;
