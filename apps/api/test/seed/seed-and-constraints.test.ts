import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../../src/seed/index.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';

const TABLES = [
  'users',
  'producers',
  'shows',
  'tickets',
  'ticket_price_rules',
  'ticket_bundle_items',
  'ticket_show_dates',
  'venue_maps',
  'sections',
  'seats',
  'promo_codes',
  'promo_code_shows',
  'orders',
  'order_items',
  'ticket_codes',
  'order_change_log',
  'viewers',
  'viewer_shows',
  'access_codes',
  'chat_messages',
  'polls',
  'poll_options',
  'poll_answers',
  'live_channels',
];

describe('demo seed and database rules', () => {
  let t: TestApp;
  const now = new Date();

  async function counts(): Promise<Record<string, number>> {
    const result: Record<string, number> = {};
    for (const table of TABLES) {
      const rows = await t.database.db.$queryRawUnsafe<{ n: bigint }[]>(
        `SELECT count(*) AS n FROM "${table}"`,
      );
      result[table] = Number(rows[0]?.n ?? -1);
    }
    return result;
  }

  beforeAll(async () => {
    t = await createTestApp({ now });
    await seedDatabase(t.database.db, {
      adminEmail: 'Admin@Taquilla.Test',
      adminPassword: 'Admin-Prueba-2026',
      now,
    });
  });
  afterAll(() => t.close());

  it('running the seed twice duplicates nothing', async () => {
    const first = await counts();
    expect(first.shows).toBeGreaterThanOrEqual(20);
    expect(first.seats).toBeGreaterThanOrEqual(2000);
    await seedDatabase(t.database.db, {
      adminEmail: 'admin@taquilla.test',
      adminPassword: 'Admin-Prueba-2026',
      now,
    });
    expect(await counts()).toEqual(first);
  });

  it('lists the seeded upcoming shows and the billboard show through the API', async () => {
    const upcoming = await t.app.inject({ method: 'GET', url: '/shows?sort=1' });
    expect(upcoming.statusCode).toBe(200);
    const items = (
      upcoming.json() as {
        items: { _id: string; show_date: string; status: string; settings: object }[];
      }
    ).items;
    expect(items.length).toBeGreaterThanOrEqual(5);
    const dates = items.map((s) => Date.parse(s.show_date));
    expect(dates).toEqual([...dates].sort((a, b) => a - b));
    expect(items.every((s) => s.status !== 'NEW')).toBe(true);

    const billboard = await t.app.inject({ method: 'GET', url: '/shows?sort=1&billboard=1' });
    const featured = (billboard.json() as { items: { _id: string; billboard: boolean }[] }).items;
    expect(featured.length).toBe(1);
    expect(featured[0]?.billboard).toBe(true);
    expect(items.map((s) => s._id)).toContain(featured[0]?._id);
  });

  it('ships every demo image the seeded shows point to', async () => {
    const shows = await t.database.db.show.findMany({
      select: { mainImage: true, settings: true },
    });
    const images = shows.flatMap((s) => {
      const settings = s.settings as { poster_image?: string; playlist?: { image_url?: string }[] };
      return [
        s.mainImage,
        settings.poster_image,
        ...(settings.playlist ?? []).map((p) => p.image_url),
      ];
    });
    const local = images.filter(
      (i): i is string => typeof i === 'string' && i.startsWith('/images/'),
    );
    expect(local.length).toBeGreaterThanOrEqual(30);
    const publicDir = path.resolve(import.meta.dirname, '../../../web/public');
    expect(local.filter((i) => !existsSync(path.join(publicDir, i)))).toEqual([]);
  });

  it('creates the admin from the environment, lower-cased, with the Admin role', async () => {
    const admin = await t.database.db.user.findUnique({ where: { email: 'admin@taquilla.test' } });
    expect(admin?.roles).toEqual(['Admin']);
    expect(admin?.passwordHash).not.toContain('Admin-Prueba-2026');
  });

  it('refuses to sell more than a ticket’s capacity or make stock negative', async () => {
    const ticket = await t.database.db.ticket.findFirstOrThrow();
    await expect(
      t.database.db.ticket.update({
        where: { id: ticket.id },
        data: { sold: ticket.capacity + 1 },
      }),
    ).rejects.toThrow(/tickets_sold_within_capacity/);
    await expect(
      t.database.db.ticket.update({ where: { id: ticket.id }, data: { capacity: -1 } }),
    ).rejects.toThrow(/tickets_capacity_nonnegative|tickets_sold_within_capacity/);
  });

  it('lets a seat be held or sold only once per show', async () => {
    const db = t.database.db;
    const seat = await db.seat.findFirstOrThrow();
    const cartA = await db.cart.create({ data: { sessionKey: randomUUID() } });
    const cartB = await db.cart.create({ data: { sessionKey: randomUUID() } });
    const expiresAt = new Date(Date.now() + 600_000);
    await db.seatReservation.create({
      data: { showId: seat.showId, seatId: seat.id, kind: 'HOLD', cartId: cartA.id, expiresAt },
    });
    await expect(
      db.seatReservation.create({
        data: { showId: seat.showId, seatId: seat.id, kind: 'HOLD', cartId: cartB.id, expiresAt },
      }),
    ).rejects.toThrow(/Unique constraint/);
    // A hold without an expiry is not a hold.
    const other = await db.seat.findFirstOrThrow({ where: { id: { not: seat.id } } });
    await expect(
      db.seatReservation.create({
        data: { showId: other.showId, seatId: other.id, kind: 'HOLD', cartId: cartB.id },
      }),
    ).rejects.toThrow(/seat_reservations_kind_shape/);
  });

  it('keeps ticket codes unique and well-formed', async () => {
    const db = t.database.db;
    const code = await db.ticketCode.findFirstOrThrow();
    const base = {
      orderId: code.orderId,
      orderItemId: code.orderItemId,
      ticketType: code.ticketType,
    };
    await expect(db.ticketCode.create({ data: { ...base, code: code.code } })).rejects.toThrow(
      /Unique constraint/,
    );
    await expect(db.ticketCode.create({ data: { ...base, code: 'abc12x' } })).rejects.toThrow(
      /ticket_codes_format/,
    );
  });

  it('allows one viewer-show per viewer and show', async () => {
    const db = t.database.db;
    const existing = await db.viewerShow.findFirstOrThrow();
    await expect(
      db.viewerShow.create({
        data: { viewerId: existing.viewerId, showId: existing.showId, code: 'OTRO01' },
      }),
    ).rejects.toThrow(/Unique constraint/);
  });
});
