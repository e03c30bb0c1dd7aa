import type { Db } from '../infra/db.ts';
import { seedCatalogue } from './catalogue.ts';
import { seedLandingPages } from './landing-pages.ts';
import { seedOrders } from './orders.ts';
import { PATHS } from './paths.ts';
import { seedPromoCodes } from './promo.ts';
import { DEMO_PRODUCER, DEMO_VIEWER, seedUsers } from './users.ts';
import { seedViewing } from './viewing.ts';

export { DEMO_PRODUCER, DEMO_VIEWER };
export { accessCodes } from './viewing.ts';
export { DEMO_LIVE_ORDER_REFERENCE, DEMO_ORDER_REFERENCE } from './orders.ts';
export { PATHS as DEMO_SHOW_PATHS, DEMO_LANDING_PAGES, LANDING_PATHS } from './paths.ts';
export { DEMO_TELETHON_DPI, DEMO_TELETHON_ORDER_REFERENCE } from './landing-pages.ts';

export interface SeedOptions {
  adminEmail: string;
  adminPassword: string;
  /** Show dates are relative to it, so the demo catalogue always has upcoming shows. */
  now: Date;
}

/** Rows that exist after seeding (the whole tables, not only what the seed wrote). */
export interface SeedSummary {
  producers: number;
  shows: number;
  tickets: number;
  seats: number;
  promoCodes: number;
  orders: number;
  users: number;
  billboardShow: { _id: string; fullname: string };
}

/**
 * The demo data set: organisers, users, a catalogue exercising every feature,
 * a seat map, promo codes, live-show chat and polls, the demo viewer's
 * orders, and one landing page per template (landing-pages.ts). Idempotent: every row is found by a natural key first, so running it
 * again updates dates and texts and duplicates nothing.
 */
export async function seedDatabase(db: Db, options: SeedOptions): Promise<SeedSummary> {
  const adminEmail = options.adminEmail.trim().toLowerCase();
  if (!adminEmail.includes('@')) throw new Error('ADMIN_EMAIL no es un correo válido');
  if (options.adminPassword.length < 8) {
    throw new Error('ADMIN_PASSWORD debe tener al menos 8 caracteres');
  }
  if (adminEmail === DEMO_VIEWER.email || adminEmail === DEMO_PRODUCER.email) {
    throw new Error(`ADMIN_EMAIL no puede ser la cuenta de demostración ${adminEmail}`);
  }
  const { now } = options;

  const users = await seedUsers(db, { ...options, adminEmail });
  const shows = await seedCatalogue(db, users.producers, now);
  await seedPromoCodes(db, users.producers, shows, now);
  await seedViewing(db, shows, users, now);
  await seedOrders(db, shows, users, now);
  await seedLandingPages(db, users, now);

  const billboard = shows.get(PATHS.billboard);
  if (!billboard) throw new Error('The billboard show is not seeded');
  const [producers, showCount, tickets, seats, promoCodes, orders, userCount] = await Promise.all([
    db.producer.count(),
    db.show.count(),
    db.ticket.count(),
    db.seat.count(),
    db.promoCode.count(),
    db.order.count(),
    db.user.count(),
  ]);
  return {
    producers,
    shows: showCount,
    tickets,
    seats,
    promoCodes,
    orders,
    users: userCount,
    billboardShow: { _id: billboard.id, fullname: billboard.fullname },
  };
}
