import { showChannelSchema } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../../src/errors.ts';
import { createShowChannelsService } from '../../../src/modules/shows/show-channels.service.ts';
import { loadTicketsForShows } from '../../../src/modules/tickets/tickets.service.ts';
import {
  createCart,
  createShow,
  createTicket,
  createTicketHold,
  createViewerShow,
} from '../../helpers/factories.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';

const NOW = new Date('2027-03-10T18:00:00.000Z');
const DAY = 86_400_000;
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);

interface WireChild {
  show: { _id: string; fullname: string; status: string };
  access: unknown;
  tickets: { fullname: string; real_available: number; payment_type: string[] }[];
}
interface WireChannel {
  _id: string;
  fullname: string;
  settings: Record<string, unknown>;
  children: WireChild[];
}

describe('GET /shows/showChannels/{id}', () => {
  let t: TestApp;
  const show: Record<string, string> = {};
  let viewerId: string;

  async function channel(id: string): Promise<WireChannel> {
    const res = await t.app.inject({ method: 'GET', url: `/shows/showChannels/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as WireChannel;
  }

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, config: { CATALOGUE_CACHE_SECONDS: '0' } });
    const db = t.database.db;
    show.channel = (
      await createShow(db, {
        fullname: 'Serie de Podcast',
        showDate: at(-30 * DAY),
        path: 'podcast-serie',
        settings: { season: 2 },
      })
    ).id;
    const child = async (name: string, offset: number, data: Parameters<typeof createShow>[1]) => {
      show[name] = (
        await createShow(db, {
          fullname: name,
          showDate: at(offset),
          parentShowId: show.channel,
          visible: false,
          ...data,
        })
      ).id;
    };
    await child('replay', 1 * DAY, { status: 'REPLAY' });
    await child('soonDate', 2 * DAY, { status: 'SOON', settings: { is_show_date: true } });
    await child('hidden', 3 * DAY, { status: 'HIDDEN' });
    await child('test', -1 * DAY, { status: 'TEST' });
    await child('live', 4 * DAY, { status: 'LIVE' });
    await child('started', 5 * DAY, { status: 'STARTED' });
    await child('active', 6 * DAY, { status: 'ACTIVE' });
    await child('draft', 7 * DAY, { status: 'NEW' });
    await child('closed', 8 * DAY, { status: 'CLOSED' });
    await child('cancelled', 9 * DAY, { status: 'CANCELLED' });
    show.draftChannel = (await createShow(db, { status: 'NEW' })).id;

    // The replay episode sells its own tickets; the date sells its channel's ticket.
    const card = await createTicket(db, show.replay!, {
      fullname: 'Tarjeta',
      position: 1,
      capacity: 40,
      paymentTypes: ['CREDIT_CARD'],
    });
    await createTicket(db, show.replay!, {
      fullname: 'Registro',
      position: 2,
      paymentTypes: ['REGISTRATION'],
    });
    await createTicket(db, show.replay!, { fullname: 'Oculto', position: 0, visible: false });
    await createTicket(db, show.channel, {
      fullname: 'Pase de fecha',
      capacity: 15,
      showDates: { create: [{ showId: show.soonDate!, label: 'Próxima fecha' }] },
    });
    const cart = await createCart(db, { validThru: at(600_000) });
    await createTicketHold(db, {
      cartId: cart.id,
      ticket: card,
      showId: show.replay!,
      quantity: 4,
      expiresAt: at(600_000),
    });

    viewerId = (await createViewerShow(db, { showId: show.replay!, code: 'ABC123' })).viewerId;
  });
  afterAll(() => t.close());

  it('answers the show with its public children, earliest first', async () => {
    const body = await channel(show.channel!);
    expect(body).toMatchObject({ _id: show.channel, fullname: 'Serie de Podcast' });
    expect(body.settings).toMatchObject({ season: 2, currency: 'GTQ' });
    expect(body.children.map((c) => c.show.fullname)).toEqual([
      'test',
      'replay',
      'soonDate',
      'hidden',
      'live',
      'started',
      'active',
    ]);
  });

  it('answers the contract’s shape', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/shows/showChannels/${show.channel}` });
    expect(showChannelSchema.safeParse(res.json()).error).toBeUndefined();
  });

  it('finds the channel by its vanity path', async () => {
    expect((await channel('podcast-serie'))._id).toBe(show.channel);
  });

  it('gives each child its visible tickets of every payment type, with availability', async () => {
    const { children } = await channel(show.channel!);
    const replay = children.find((c) => c.show._id === show.replay);
    expect(replay?.tickets.map((tk) => [tk.fullname, tk.real_available, tk.payment_type])).toEqual([
      ['Tarjeta', 36, ['CREDIT_CARD']],
      ['Registro', 100, ['REGISTRATION']],
    ]);
    const date = children.find((c) => c.show._id === show.soonDate);
    expect(date?.tickets.map((tk) => [tk.fullname, tk.real_available])).toEqual([
      ['Pase de fecha', 15],
    ]);
    expect(children.find((c) => c.show._id === show.hidden)?.tickets).toEqual([]);
  });

  it('reports no access without a viewer', async () => {
    const { children } = await channel(show.channel!);
    expect(children.map((c) => c.access)).toEqual(children.map(() => null));
  });

  it('answers 403 and nothing else to an anonymous caller naming a viewer', async () => {
    for (const id of [show.channel, '0196a0b4-0000-7000-8000-000000000000']) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/shows/showChannels/${id}?viewer=${viewerId}`,
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        error: 'FORBIDDEN',
        message: 'No tienes permiso para realizar esta acción',
      });
    }
  });

  it('answers 422 for a viewer that is not an id', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/shows/showChannels/${show.channel}?viewer=yo`,
    });
    expect(res.statusCode).toBe(422);
    expect((res.json() as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
      'viewer',
    ]);
  });

  it('answers 404 for an unknown channel and a draft', async () => {
    for (const id of ['0196a0b4-0000-7000-8000-000000000000', show.draftChannel]) {
      const res = await t.app.inject({ method: 'GET', url: `/shows/showChannels/${id}` });
      expect(res.statusCode).toBe(404);
      expect((res.json() as { error: string }).error).toBe('SHOW_NOT_FOUND');
    }
  });

  describe('the service, for a caller with a session', () => {
    const service = () =>
      createShowChannelsService({
        db: t.database.db,
        clock: () => NOW,
        ticketsOf: (shows, now) => loadTicketsForShows(t.database.db, shows, { now }),
      });

    it('reports the caller’s own access to each child', async () => {
      const body = await service().getShowChannel({
        idOrPath: show.channel!,
        viewerId,
        callerViewerId: viewerId,
      });
      const access = body.children.map((c) => [c.show.fullname, c.access]);
      expect(access.find(([name]) => name === 'replay')?.[1]).toEqual({
        _id: expect.any(String),
        ticket: { fullname: null },
        payment_info: { request_code: null, code: 'ABC123', expires_on: null },
      });
      expect(access.filter(([, a]) => a !== null)).toHaveLength(1);
      expect(showChannelSchema.safeParse(body).error).toBeUndefined();
    });

    it('refuses another viewer’s id before reading anything', async () => {
      const other = '0196a0b4-0000-7000-8000-0000000000aa';
      await expect(
        service().getShowChannel({ idOrPath: 'no-existe', viewerId, callerViewerId: other }),
      ).rejects.toMatchObject({ code: 'FORBIDDEN' } satisfies Partial<AppError>);
    });
  });
});
