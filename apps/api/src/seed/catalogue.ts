import type { Db } from '../infra/db.ts';
import { onlineShows } from './catalogue-online.ts';
import { pastShows } from './catalogue-past.ts';
import { seatMapShows } from './catalogue-seat-map.ts';
import { venueShows } from './catalogue-venue.ts';
import { seedVenueMap } from './maps.ts';
import { PATHS } from './paths.ts';
import { upsertShows } from './shows.ts';
import type { ShowIds, ShowSpec } from './shows.ts';
import type { ProducerIds } from './users.ts';

/** Every seeded show, with dates relative to `now`. */
export function catalogue(now: Date): ShowSpec[] {
  return [...venueShows(now), ...seatMapShows(now), ...onlineShows(now), ...pastShows(now)];
}

/** Shows and their tickets (one transaction), then the seat map (another). */
export async function seedCatalogue(db: Db, producers: ProducerIds, now: Date): Promise<ShowIds> {
  const specs = catalogue(now);
  const shows = await db.$transaction((tx) => upsertShows(tx, specs, producers), {
    timeout: 30_000,
  });

  const mapShowId = shows.get(PATHS.seatMap)?.id as string;
  await db.$transaction(
    async (tx) => {
      const tickets = await tx.ticket.findMany({
        where: { showId: mapShowId },
        select: { id: true, code: true },
      });
      await seedVenueMap(tx, mapShowId, new Map(tickets.map((t) => [t.code, t.id])));
    },
    { timeout: 30_000 },
  );
  return shows;
}
