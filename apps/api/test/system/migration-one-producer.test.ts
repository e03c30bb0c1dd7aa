import { randomBytes, randomUUID } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { pgConnectionFields } from '../../src/infra/db.ts';
import { adminQuery, withDatabase } from '../helpers/pg-admin.ts';

const MIGRATIONS = new URL('../../../../prisma/migrations/', import.meta.url);
const THIS_ONE = '20261201010000_one_producer_per_order';

/** Every migration before this one, then this one: the order `prisma migrate deploy` runs them. */
async function migrationsUpTo(last: string): Promise<{ before: string[]; it: string }> {
  const names = (await readdir(MIGRATIONS)).filter((n) => /^\d{14}_/.test(n)).sort();
  const sql = (name: string) => readFile(new URL(`${name}/migration.sql`, MIGRATIONS), 'utf8');
  return {
    before: await Promise.all(names.filter((n) => n < last).map(sql)),
    it: await sql(last),
  };
}

/**
 * Decision 0062's migration on a database holding what the earlier schema
 * allowed: carts and orders of one producer get it; carts and orders that mixed
 * producers keep none (only an admin reaches such an order) and do not stop it.
 */
describe('migration 20261201010000: one producer per cart and per order', () => {
  const name = `taquilla_m_${randomBytes(6).toString('hex')}`;
  let client: pg.Client;
  const id = () => randomUUID();
  const P1 = id();
  const P2 = id();
  const SHOW1 = id();
  const DATE1 = id();
  const SHOW2 = id();
  const TICKET1 = id();
  const TICKET2 = id();
  const cart = { single: id(), mixed: id(), empty: id() };
  const order = { single: id(), mixed: id(), bare: id() };

  const line = (cartId: string, ticketId: string, showId: string) =>
    client.query(
      `INSERT INTO cart_items (id, cart_id, ticket_id, show_id, code, show_name, show_date,
                               show_type, venue, title, ticket_type, quantity, price,
                               total_price, expires_at)
       VALUES ($1, $2, $3, $4, 'X', 'Evento', now(), 'VENUE', 'Teatro', 'General', 'GENERAL',
               1, 100, 100, now() + interval '10 minutes')`,
      [id(), cartId, ticketId, showId],
    );
  const orderLine = (orderId: string, ticketId: string, showId: string) =>
    client.query(
      `INSERT INTO order_items (id, order_id, ticket_id, show_id, code, show_name, show_date,
                                ticket_type, quantity, price, total_price)
       VALUES ($1, $2, $3, $4, 'X', 'Evento', now(), 'GENERAL', 1, 100, 100)`,
      [id(), orderId, ticketId, showId],
    );
  const one = async (sql: string, params: unknown[]) =>
    (await client.query(sql, params)).rows[0] as Record<string, unknown>;

  beforeAll(async () => {
    const serverUrl = inject('templateDatabaseUrl');
    await adminQuery(serverUrl, `CREATE DATABASE "${name}"`);
    client = new pg.Client(pgConnectionFields(withDatabase(serverUrl, name)));
    await client.connect();
    const { before, it: migration } = await migrationsUpTo(THIS_ONE);
    for (const sql of before) await client.query(sql);

    for (const [producer, slug] of [
      [P1, 'uno'],
      [P2, 'dos'],
    ]) {
      await client.query(
        `INSERT INTO producers (id, name, slug, updated_at) VALUES ($1, $2, $3, now())`,
        [producer, slug, slug],
      );
    }
    for (const [show, producer, parent] of [
      [SHOW1, P1, null],
      [DATE1, P1, SHOW1],
      [SHOW2, P2, null],
    ]) {
      await client.query(
        `INSERT INTO shows (id, producer_id, parent_show_id, fullname, show_date, venue, updated_at)
         VALUES ($1, $2, $3, 'Evento', now(), 'Teatro', now())`,
        [show, producer, parent],
      );
    }
    for (const [ticket, show] of [
      [TICKET1, SHOW1],
      [TICKET2, SHOW2],
    ]) {
      await client.query(
        `INSERT INTO tickets (id, show_id, code, fullname, price, capacity, updated_at)
         VALUES ($1, $2, $3, 'General', 100, 10, now())`,
        [ticket, show, `T-${show}`],
      );
    }
    for (const c of Object.values(cart)) {
      await client.query(
        `INSERT INTO carts (id, session_key, valid_thru, updated_at)
         VALUES ($1, $2, now() + interval '10 minutes', now())`,
        [c, `sesion-${c}`],
      );
    }
    await line(cart.single, TICKET1, SHOW1);
    await line(cart.single, TICKET1, DATE1);
    await line(cart.mixed, TICKET1, DATE1);
    await line(cart.mixed, TICKET2, SHOW2);
    for (const o of Object.values(order)) {
      await client.query(
        `INSERT INTO orders (id, email, payment_type, subtotal, total, payment_info, updated_at)
         VALUES ($1, 'a@b.test', 'CREDIT_CARD', 200, 200, '{}', now())`,
        [o],
      );
    }
    await orderLine(order.single, TICKET1, DATE1);
    await orderLine(order.mixed, TICKET1, SHOW1);
    await orderLine(order.mixed, TICKET2, SHOW2);

    await client.query(migration);
  }, 120_000);

  afterAll(async () => {
    await client?.end();
    await adminQuery(
      inject('templateDatabaseUrl'),
      `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`,
    );
  });

  it('gives every line its show’s producer (a date’s parent’s) and a one-producer cart its producer', async () => {
    const lines = await client.query(
      `SELECT cart_id, show_id, producer_id FROM cart_items ORDER BY cart_id, show_id`,
    );
    for (const row of lines.rows as { show_id: string; producer_id: string }[]) {
      expect(row.producer_id).toBe(row.show_id === SHOW2 ? P2 : P1);
    }
    const producerOf = async (c: string) =>
      (await one(`SELECT producer_id FROM carts WHERE id = $1`, [c])).producer_id;
    expect(await producerOf(cart.single)).toBe(P1);
    expect(await producerOf(cart.mixed)).toBeNull();
    expect(await producerOf(cart.empty)).toBeNull();
  });

  it('gives a one-producer order its producer, and none to a mixed order or one without lines', async () => {
    const producerOf = async (o: string) =>
      (await one(`SELECT producer_id FROM orders WHERE id = $1`, [o])).producer_id;
    expect(await producerOf(order.single)).toBe(P1);
    expect(await producerOf(order.mixed)).toBeNull();
    expect(await producerOf(order.bare)).toBeNull();
  });

  it('checks every line written from now on, and lets the mixed cart’s old lines be', async () => {
    // The old mixed cart's lines are still there, and still change (a unit more).
    await client.query(`UPDATE cart_items SET quantity = 2 WHERE cart_id = $1`, [cart.mixed]);
    // A new line of the other producer in the one-producer cart is refused.
    await expect(line(cart.single, TICKET2, SHOW2)).rejects.toThrow(
      /cart_items_cart_id_producer_id_fkey/,
    );
    // The empty cart becomes the producer's of its first line.
    await line(cart.empty, TICKET2, SHOW2);
    expect(
      (await one(`SELECT producer_id FROM carts WHERE id = $1`, [cart.empty])).producer_id,
    ).toBe(P2);
  });
});
