import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import {
  createCart,
  createProducer,
  createShow,
  createTicket,
  createTicketHold,
  createTicketSale,
} from '../../helpers/factories.ts';
import { builtSpaDir, parseHtml } from '../../helpers/html-page.ts';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const SITE = 'https://taquilla.example';
const NOW = new Date('2027-01-10T18:00:00Z');
/** 20:00 in Guatemala on Friday 5 March 2027. */
const SHOW_DATE = new Date('2027-03-06T02:00:00Z');
const PRODUCER = 'Producciones "Las Comillas" <script>alert(1)</script>';
const NAME = 'Gala "Sinfónica" <script>alert(2)</script>';
const DESCRIPTION = 'Una noche </script><script>alert(3)</script> & más <!-- fin';
const ORG = 'https://schema.org/';

describe("a show page's head for sharing and search (decision 0069)", () => {
  let t: TestApp;
  let showId: string;

  const navigate = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: HTML } });
  const pageOf = async (url: string) => {
    const res = await navigate(url);
    expect(res.statusCode, url).toBe(200);
    return { res, page: parseHtml(res.body) };
  };

  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      // The head alone: the page's embedded answers (decision 0072) are tested apart.
      config: { WEB_DIST_DIR: builtSpaDir(), PUBLIC_URL: `${SITE}/`, PAGE_DATA_BUDGET_MS: '0' },
    });
    const db = t.database.db;
    const producer = await createProducer(db, { name: PRODUCER });
    const show = await createShow(db, {
      producerId: producer.id,
      fullname: NAME,
      description: DESCRIPTION,
      path: 'gala-sinfonica-seo',
      showDate: SHOW_DATE,
      venue: 'Teatro Nacional',
      venueAddress: '24 Calle 3-81, Zona 1',
      mainImage: '/storage/public/shows/gala/main_image-1.jpg',
      settings: { duration: 3 },
    });
    showId = show.id;
    // Q 450 + Q 15 on top, all 100 left: an expired hold and a checked-out cart's count for nothing.
    const platea = await createTicket(db, show.id, {
      fullname: 'Platea',
      price: 45_000,
      fee: 1_500,
      capacity: 100,
      position: 0,
    });
    // Two places, both in a live hold: sold out, as the ticket list says.
    const balcon = await createTicket(db, show.id, {
      fullname: 'Balcón',
      price: 15_000,
      fee: 1_000,
      feeIncluded: true,
      capacity: 2,
      position: 1,
    });
    // On sale from 1 February.
    await createTicket(db, show.id, {
      fullname: 'Preventa',
      price: 30_000,
      validSince: new Date('2027-02-01T06:00:00Z'),
      position: 2,
    });
    await createTicket(db, show.id, { fullname: 'Cortesía', visible: false, position: 3 });
    const cart = await createCart(db);
    const hold = { cartId: cart.id, showId: show.id };
    await createTicketHold(db, {
      ...hold,
      ticket: balcon,
      quantity: 2,
      expiresAt: new Date(NOW.getTime() + 600_000),
    });
    await createTicketHold(db, {
      ...hold,
      ticket: platea,
      quantity: 100,
      expiresAt: new Date(NOW.getTime() - 1_000),
    });
    const checkedOut = await createCart(db, { status: 'CHECKED_OUT' });
    await createTicketHold(db, {
      cartId: checkedOut.id,
      showId: show.id,
      ticket: platea,
      quantity: 100,
      expiresAt: new Date(NOW.getTime() + 600_000),
    });
  });
  afterAll(() => t.close());

  it('names the show, its date in Guatemala, its venue and picture in every tag', async () => {
    const { res, page } = await pageOf('/gala-sinfonica-seo');
    const url = `${SITE}/gala-sinfonica-seo`;
    expect(page.title).toBe(`${NAME} · Taquilla`);
    expect(page.document.querySelectorAll('title')).toHaveLength(1);
    const description = page.meta('description') ?? '';
    expect(description).toMatch(/^viernes, 5 de marzo de 2027, 8:00.*\(hora de Guatemala\)/);
    expect(description).toContain('· Teatro Nacional. Una noche </script>');
    expect(page.document.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(page.canonical).toBe(url);
    expect(page.robots).toBeNull();

    // The preview's picture is the show's share card, its size and type said (decision 0073).
    const image = page.meta('og:image') ?? '';
    expect(image).toMatch(new RegExp(`^${SITE}/images/share/${showId}/[0-9a-f]{16}\\.jpg$`));
    expect(page.meta('og:title')).toBe(NAME);
    expect(page.meta('og:description')).toBe(description);
    expect(page.meta('og:url')).toBe(url);
    expect(page.meta('og:type')).toBe('website');
    expect(page.meta('og:site_name')).toBe('Taquilla');
    expect(page.meta('og:locale')).toBe('es_GT');
    expect(page.meta('og:image:width')).toBe('1200');
    expect(page.meta('og:image:height')).toBe('630');
    expect(page.meta('og:image:type')).toBe('image/jpeg');
    expect(page.meta('og:image:alt')).toBe(`${NAME}, Teatro Nacional`);
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.meta('twitter:title')).toBe(NAME);
    expect(page.meta('twitter:description')).toBe(description);
    expect(page.meta('twitter:image')).toBe(image);
    expect(page.meta('twitter:image:alt')).toBe(`${NAME}, Teatro Nacional`);
    expect(page.meta('twitter:data1')).toContain('5 de marzo de 2027');
    expect(page.meta('twitter:data2')).toBe('Teatro Nacional');
    // The page still runs under its policy (decision 0043): JSON-LD is data, not script.
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('keeps what a producer typed as text: no script of theirs, the JSON-LD reads back whole', async () => {
    const { res, page } = await pageOf('/gala-sinfonica-seo');
    expect(res.body).not.toMatch(/<script>alert/);
    expect(res.body).not.toContain('<!-- fin');
    // The build's module script and the one JSON-LD block, nothing the data opened.
    expect(page.scripts.map((script) => script.type)).toEqual(['module', 'application/ld+json']);
    expect(page.jsonLd).toHaveLength(1);
    const event = page.jsonLd[0] ?? {};
    expect(event.name).toBe(NAME);
    expect(event.description).toBe(DESCRIPTION);
    expect(event.organizer).toEqual({ '@type': 'Organization', name: PRODUCER });
  });

  it('describes the Event: start and end at -06:00, the place, the status and each ticket', async () => {
    const { page } = await pageOf('/gala-sinfonica-seo');
    const url = `${SITE}/gala-sinfonica-seo`;
    expect(page.jsonLd[0]).toMatchObject({
      '@context': 'https://schema.org',
      '@type': 'Event',
      url,
      // The show's own picture, then its share card.
      image: [
        `${SITE}/storage/public/shows/gala/main_image-1.jpg`,
        expect.stringMatching(new RegExp(`^${SITE}/images/share/${showId}/[0-9a-f]{16}\\.jpg$`)),
      ],
      startDate: '2027-03-05T20:00:00-06:00',
      endDate: '2027-03-05T23:00:00-06:00',
      eventStatus: `${ORG}EventScheduled`,
      eventAttendanceMode: `${ORG}OfflineEventAttendanceMode`,
      location: {
        '@type': 'Place',
        name: 'Teatro Nacional',
        address: {
          '@type': 'PostalAddress',
          streetAddress: '24 Calle 3-81, Zona 1',
          addressCountry: 'GT',
        },
      },
      offers: [
        {
          '@type': 'Offer',
          name: 'Platea',
          price: '465.00',
          priceCurrency: 'GTQ',
          availability: `${ORG}InStock`,
          url,
        },
        { name: 'Balcón', price: '150.00', priceCurrency: 'GTQ', availability: `${ORG}SoldOut` },
        {
          name: 'Preventa',
          price: '300.00',
          availability: `${ORG}PreOrder`,
          validFrom: '2027-02-01T00:00:00-06:00',
        },
      ],
    });
    expect((page.jsonLd[0]?.offers as unknown[]).length).toBe(3);
  });

  it('answers the same head at the old address of a show without a path, canonical /shows/{id}', async () => {
    const plain = await createShow(t.database.db, { fullname: 'Taller sin ruta' });
    const { page } = await pageOf(`/shows/${plain.id}`);
    expect(page.title).toBe('Taller sin ruta · Taquilla');
    expect(page.canonical).toBe(`${SITE}/shows/${plain.id}`);
    expect(page.meta('og:url')).toBe(`${SITE}/shows/${plain.id}`);
    // No picture of its own: its share card is the plain one, still the large preview.
    const card = page.meta('og:image');
    expect(card).toMatch(new RegExp(`^${SITE}/images/share/${plain.id}/[0-9a-f]{16}\\.jpg$`));
    expect(page.meta('twitter:card')).toBe('summary_large_image');
    expect(page.jsonLd[0]?.image).toEqual([card]);
    const byId = await pageOf(`/${showId}`);
    expect(byId.page.canonical).toBe(`${SITE}/gala-sinfonica-seo`);
  });

  it('says online, hybrid and cancelled as the show is', async () => {
    const db = t.database.db;
    const online = await createShow(db, {
      path: 'concierto-en-linea-seo',
      venue: 'Online',
      type: 'ONLINE',
      showDate: SHOW_DATE,
    });
    await createTicket(db, online.id, { type: 'ONLINE' });
    const hybrid = await createShow(db, { path: 'concierto-hibrido-seo', showDate: SHOW_DATE });
    await createTicket(db, hybrid.id, { type: 'VENUE_OPEN' });
    await createTicket(db, hybrid.id, { type: 'ONLINE' });
    const cancelled = await createShow(db, { path: 'obra-cancelada-seo', status: 'CANCELLED' });
    await createTicket(db, cancelled.id);
    const soon = await createShow(db, { path: 'pronto-seo', status: 'SOON' });
    await createTicket(db, soon.id);

    const eventAt = async (url: string) => (await pageOf(url)).page.jsonLd[0] ?? {};
    const onlineEvent = await eventAt('/concierto-en-linea-seo');
    expect(onlineEvent.eventAttendanceMode).toBe(`${ORG}OnlineEventAttendanceMode`);
    expect(onlineEvent.location).toEqual({
      '@type': 'VirtualLocation',
      url: `${SITE}/concierto-en-linea-seo`,
    });
    expect((await pageOf('/concierto-en-linea-seo')).page.meta('twitter:data2')).toBe('En línea');

    const hybridEvent = await eventAt('/concierto-hibrido-seo');
    expect(hybridEvent.eventAttendanceMode).toBe(`${ORG}MixedEventAttendanceMode`);
    expect(hybridEvent.location).toEqual([
      expect.objectContaining({ '@type': 'Place' }),
      { '@type': 'VirtualLocation', url: `${SITE}/concierto-hibrido-seo` },
    ]);

    const cancelledEvent = await eventAt('/obra-cancelada-seo');
    expect(cancelledEvent.eventStatus).toBe(`${ORG}EventCancelled`);
    expect(cancelledEvent).not.toHaveProperty('offers');

    const soonEvent = await eventAt('/pronto-seo');
    expect(soonEvent.eventStatus).toBe(`${ORG}EventScheduled`);
    expect(soonEvent.offers).toEqual([expect.objectContaining({ availability: `${ORG}PreOrder` })]);
  });

  it('counts a ticket with dates as the ticket list does: sold out when every date is', async () => {
    const db = t.database.db;
    const season = await createShow(db, { path: 'temporada-seo', showDate: SHOW_DATE });
    const date = { parentShowId: season.id, settings: { is_show_date: true }, visible: false };
    const friday = await createShow(db, date);
    const saturday = await createShow(db, date);
    const ticket = await createTicket(db, season.id, {
      capacity: 1,
      showDates: {
        create: [
          { showId: friday.id, label: 'Viernes' },
          { showId: saturday.id, label: 'Sábado' },
        ],
      },
    });
    const availability = async () => {
      await t.app.catalogueCache.invalidateAll();
      const event = (await pageOf('/temporada-seo')).page.jsonLd[0] ?? {};
      const [offer] = event.offers as { availability: string }[];
      const list = await t.app.inject({ url: `/shows/${season.id}/tickets` });
      const [listed] = (list.json() as { items: { real_available: number }[] }).items;
      return { offer: offer?.availability, listed: listed?.real_available };
    };
    await createTicketSale(db, { ticket, showId: friday.id, quantity: 1 });
    expect(await availability()).toEqual({ offer: `${ORG}InStock`, listed: 1 });
    await createTicketSale(db, { ticket, showId: saturday.id, quantity: 1, status: 'REJECTED' });
    expect(await availability()).toEqual({ offer: `${ORG}InStock`, listed: 1 });
    await createTicketSale(db, { ticket, showId: saturday.id, quantity: 1, status: 'PENDING' });
    expect(await availability()).toEqual({ offer: `${ORG}SoldOut`, listed: 0 });
  });

  it("puts a festival's film at /{festival}/{film}; a producer page or a channel is no Event", async () => {
    const db = t.database.db;
    const festival = await createShow(db, {
      path: 'festival-seo',
      settings: { landing: { template: 'festival' } },
    });
    await createShow(db, {
      path: 'pelicula-seo',
      fullname: 'Película del festival',
      parentShowId: festival.id,
      settings: { landing: { template: 'film' } },
    });
    const filmUrl = `${SITE}/festival-seo/pelicula-seo`;
    expect((await pageOf('/festival-seo/pelicula-seo')).page.canonical).toBe(filmUrl);
    expect((await pageOf('/pelicula-seo')).page.canonical).toBe(filmUrl);
    // Another show's path before the film is no page of it (the SPA's not-found view).
    const elsewhere = (await pageOf('/gala-sinfonica-seo/pelicula-seo')).page;
    expect(elsewhere.robots).toBe('noindex');
    expect(elsewhere.meta('og:title')).toBeNull();

    await createShow(db, {
      path: 'productora-seo',
      fullname: 'Nuestra productora',
      settings: { landing: { template: 'producer' } },
      visible: false,
    });
    const producerPage = (await pageOf('/productora-seo')).page;
    expect(producerPage.canonical).toBe(`${SITE}/productora-seo`);
    expect(producerPage.meta('og:title')).toBe('Nuestra productora');
    expect(producerPage.jsonLd).toEqual([]);
    await createShow(db, {
      path: 'canal-artista-seo',
      settings: { landing: { template: 'artist' } },
    });
    expect((await pageOf('/canal-artista-seo')).page.jsonLd).toEqual([]);
    expect((await pageOf('/festival-seo')).page.jsonLd).toHaveLength(1);
  });
});
