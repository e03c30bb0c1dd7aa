import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrder, createShow, createTicket } from '../../helpers/factories.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');

/*
 * A ticket sold by date (funciones, decision 0008) counts each date's sales from its order
 * lines, not from `tickets.sold`: `taquilla_hold` (decision 0078) must hold a date's last
 * places, refuse the next, leave another date free, and count a released order's places
 * as free again.
 */
describe('holds of a ticket sold by date', () => {
  let t: TestApp;
  let ticketId: string;
  let saturday: string;
  let sunday: string;

  const hold = (date: string, quantity: number) =>
    t.app.inject({
      method: 'POST',
      url: `/cart/${randomUUID()}/items`,
      remoteAddress: `198.51.100.${Math.floor(Math.random() * 200) + 1}`,
      payload: { items: [{ ticket_uid: ticketId, show_uid: date, quantity }] },
    });

  /** An order of `quantity` places of the ticket for `date`, in `status`. */
  async function sold(date: string, quantity: number, status: 'APPROVED' | 'CANCELLED') {
    const order = await createOrder(t.database.db, { status });
    await t.database.db.orderItem.create({
      data: {
        orderId: order.id,
        ticketId,
        showId: date,
        code: 'GEN',
        showName: 'Marimba',
        showDate: new Date(NOW.getTime() + 86_400_000),
        ticketType: 'GENERAL',
        quantity,
        price: 10_000,
        totalPrice: 10_000 * quantity,
      },
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    const show = await createShow(db, { showDate: new Date(NOW.getTime() + 7 * 86_400_000) });
    const dates = [];
    for (const label of ['sábado', 'domingo']) {
      dates.push(
        await createShow(db, {
          producerId: show.producerId,
          parentShowId: show.id,
          fullname: `Marimba, ${label}`,
          showDate: new Date(NOW.getTime() + 7 * 86_400_000),
        }),
      );
    }
    [saturday, sunday] = dates.map((d) => d.id) as [string, string];
    ticketId = (
      await createTicket(db, show.id, {
        capacity: 5,
        showDates: {
          create: [
            { showId: saturday, label: 'Sábado' },
            { showId: sunday, label: 'Domingo' },
          ],
        },
      })
    ).id;
  });
  afterAll(() => t.close());

  it('counts each date’s own sales, and a cancelled order’s places are free again', async () => {
    await sold(saturday, 3, 'APPROVED');
    await sold(saturday, 2, 'CANCELLED');

    const last = await hold(saturday, 2);
    expect(last.statusCode, last.body).toBe(200);
    const refused = await hold(saturday, 1);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      error: 'NOT_ENOUGH_AVAILABLE',
      message: 'No hay boletos disponibles',
    });
    // Sunday sold nothing: its five places are its own.
    const other = await hold(sunday, 5);
    expect(other.statusCode, other.body).toBe(200);
    const more = await hold(sunday, 2);
    expect(more.json().message).toBe('No hay boletos disponibles');
  });
});
