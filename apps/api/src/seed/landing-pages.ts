import type { Db } from '../infra/db.ts';
import { channelLandings } from './landing-channels.ts';
import { DEMO_TELETHON_DPI, eventLandings, producerLanding } from './landing-events.ts';
import { festivalLandings } from './landing-festivals.ts';
import { demoOrder } from './orders.ts';
import { LANDING_PATHS } from './paths.ts';
import { upsertShows } from './shows.ts';
import type { ShowIds, ShowSpec } from './shows.ts';
import type { SeededUsers } from './users.ts';
import { seedAccessCodes } from './viewing.ts';

export { DEMO_TELETHON_DPI };

/** How a re-run recognises the telethon order it created. */
export const DEMO_TELETHON_ORDER_REFERENCE = 'SEED-DEMO-0003';

/** Shows the producer page pins above its list (shows of the same producer). */
const FEATURED = [LANDING_PATHS.festival, LANDING_PATHS.seminar];

/**
 * The landing pages that are new shows (every template but `show` and `podcast`,
 * which are catalogue shows), with their children. The producer page comes apart:
 * it names other shows by id.
 */
export function landingShows(now: Date): ShowSpec[] {
  return [...channelLandings(now), ...festivalLandings(now), ...eventLandings(now)];
}

/**
 * The demo landing pages (issue 12, decision 0041): one show per template with
 * its children, the seminar's access codes, and the demo viewer's telethon order
 * bought with DEMO_TELETHON_DPI. Idempotent like the rest of the seed: shows by
 * path, tickets by code, codes by value, the order by its reference.
 */
export async function seedLandingPages(db: Db, users: SeededUsers, now: Date): Promise<ShowIds> {
  const shows = await db.$transaction(
    async (tx) => {
      const ids = await upsertShows(tx, landingShows(now), users.producers);
      const featured = FEATURED.map((path) => {
        const show = ids.get(path);
        if (!show) throw new Error(`Featured show ${path} is not seeded`);
        return show.id;
      });
      const page = await upsertShows(tx, [producerLanding(now, featured)], users.producers);
      for (const [path, show] of page) ids.set(path, show);

      const seminar = ids.get(LANDING_PATHS.seminar);
      if (!seminar) throw new Error('The seminar is not seeded');
      await seedAccessCodes(tx, LANDING_PATHS.seminar, seminar.id, now);
      return ids;
    },
    { timeout: 30_000 },
  );

  await db.$transaction((tx) =>
    demoOrder(
      tx,
      {
        reference: DEMO_TELETHON_ORDER_REFERENCE,
        showPath: LANDING_PATHS.telethon,
        ticketCode: 'APORTE',
        quantity: 2,
        daysAgo: 1,
        activated: false,
        customFields: { dpi: DEMO_TELETHON_DPI },
      },
      shows,
      users,
      now,
    ),
  );
  return shows;
}
