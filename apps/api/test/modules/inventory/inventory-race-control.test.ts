import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createShow, createTicket, createVenueMap } from '../../helpers/factories.ts';

/*
 * The inventory's race tests and their control (issue 23, decision 0078). Holds race as
 * real parallel requests, each from its own address and browser session, so neither the
 * session's nor the client's lock lines them up: only the inventory's guard (the
 * ticket's conditional row lock for counted stock, the unique (show, seat) for seats) can keep
 * them from overselling. The control runs the same race against `taquilla_hold` with
 * that guard taken out, in its own test database only (nothing in the product reads a
 * switch): the same checks must then see the oversell, so a race test that passes is
 * not passing by never racing.
 */

const NOW = new Date('2027-03-10T18:00:00.000Z');
const HOLD_SOURCE = readFileSync(
  path.resolve(import.meta.dirname, '../../../src/modules/inventory/sql/taquilla_hold.sql'),
  'utf8',
);

/** `taquilla_hold` with each `[guard, without]` replaced; a guard no longer in the source fails. */
function withoutGuard(replacements: [string, string][]): string {
  let source = HOLD_SOURCE;
  for (const [guard, without] of replacements) {
    expect(source, `the guard ${guard} is no longer in taquilla_hold`).toContain(guard);
    source = source.replace(guard, without);
  }
  return source;
}

/**
 * Where the unguarded racers meet: each waits, after its count and before its insert,
 * until another waits there too (at most 5 s). A fixed pause let a loaded machine run
 * the holds one after another; this makes at least two count the same stock before
 * either writes, however slowly they arrive, so the control cannot pass by not racing.
 */
const BARRIER = `FOR i IN 1..250 LOOP
      PERFORM pg_stat_clear_snapshot();
      EXIT WHEN (SELECT count(*) FROM pg_stat_activity
                  WHERE wait_event = 'PgSleep' AND query LIKE '%taquilla_hold%') >= 1;
      PERFORM pg_sleep(0.02);
    END LOOP;`;

/** The conditional lock of counted stock (decision 0082): the row only if its free units cover the line. */
const STOCK_GUARD: [string, string][] = [
  [
    `SELECT capacity - sold - held INTO v_left FROM tickets
         WHERE id = v_ticket AND capacity - sold - held >= v_qty FOR NO KEY UPDATE;`,
    // Read unlocked, a meeting point between the read and the insert (BARRIER), then the
    // same decision (FOUND) from what was read.
    `SELECT capacity - sold - held INTO v_left FROM tickets WHERE id = v_ticket;
    ${BARRIER}
    PERFORM 1 WHERE v_left >= v_qty;`,
  ],
];

const SEAT_GUARD_SQL = `
        ON CONFLICT (show_id, seat_id) DO UPDATE
          SET cart_id = EXCLUDED.cart_id, cart_item_id = EXCLUDED.cart_item_id,
              expires_at = EXCLUDED.expires_at, created_at = now()
          WHERE seat_reservations.kind = 'HOLD' AND seat_reservations.expires_at <= v_now;`;
const SEAT_GUARD: [string, string][] = [[SEAT_GUARD_SQL, ';']];

describe('inventory races, and their control with the guard off', () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  const hold = (app: TestApp, n: number, item: object) =>
    app.app.inject({
      method: 'POST',
      url: `/cart/${randomUUID()}/items`,
      remoteAddress: `198.51.100.${n + 1}`,
      payload: { currency: 'GTQ', items: [item] },
    });

  /** 20 buyers of 2 at once for the last 3 of 10 tickets: how many units end up held. */
  async function raceForLastTickets(unguarded: boolean) {
    const app = await createTestApp({ now: NOW });
    t = app;
    if (unguarded) await app.database.db.$executeRawUnsafe(withoutGuard(STOCK_GUARD));
    const show = await createShow(app.database.db);
    const ticket = await createTicket(app.database.db, show.id, { capacity: 10 });
    await app.database.db.ticket.update({ where: { id: ticket.id }, data: { sold: 7 } });
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, n) =>
        hold(app, n, { ticket_uid: ticket.id, show_uid: show.id, quantity: 2 }),
      ),
    );
    const held = await app.database.db.cartItem.aggregate({
      where: { ticketId: ticket.id },
      _sum: { quantity: true },
    });
    return { statuses: results.map((r) => r.statusCode), held: held._sum.quantity ?? 0 };
  }

  /** 50 buyers at once for one seat: how many holds it ends up with. */
  async function raceForOneSeat(unguarded: boolean) {
    const app = await createTestApp({ now: NOW });
    t = app;
    if (unguarded) {
      await app.database.db.$executeRawUnsafe('DROP INDEX seat_reservations_show_id_seat_id_key');
      await app.database.db.$executeRawUnsafe(withoutGuard(SEAT_GUARD));
    }
    const show = await createShow(app.database.db);
    const { sections } = await createVenueMap(app.database.db, show.id, [{ rows: 1, cols: 2 }]);
    const section = sections[0];
    const seat = section?.seats[0];
    if (!section || !seat) throw new Error('map fixture');
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, n) =>
        hold(app, n, {
          ticket_uid: section.ticket.id,
          show_uid: show.id,
          quantity: 1,
          seat: seat.id,
        }),
      ),
    );
    const holds = await app.database.db.seatReservation.count({
      where: { seatId: seat.id, showId: show.id },
    });
    return { statuses: results.map((r) => r.statusCode), holds };
  }

  it('gives 2 of the last 3 tickets to exactly 1 of 20 buyers from 20 addresses at once', async () => {
    const { statuses, held } = await raceForLastTickets(false);
    expect(held).toBe(2);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s !== 200).every((s) => s === 409)).toBe(true);
  });

  it('control: without the conditional row lock the same race oversells, and the check sees it', async () => {
    const { held } = await raceForLastTickets(true);
    // At least two counted the same 3 free units before either wrote (BARRIER): 4 or more.
    expect(held).toBeGreaterThan(3);
  });

  it('gives one seat to exactly 1 of 50 buyers from 50 addresses at once', async () => {
    const { statuses, holds } = await raceForOneSeat(false);
    expect(holds).toBe(1);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  });

  it('control: without the unique (show, seat) the same race holds the seat twice, and the check sees it', async () => {
    const { holds } = await raceForOneSeat(true);
    expect(holds).toBeGreaterThan(1);
  });
});
