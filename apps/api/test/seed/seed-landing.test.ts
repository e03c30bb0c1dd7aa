import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LANDING_TEMPLATES,
  defaultPodcastSeason,
  isListedOnLanding,
  isListedOnProducerPage,
  isValidDpi,
  landingEntry,
  landingTemplateOf,
  podcastSeasons,
  showsWatchLink,
} from '@taquilla/domain';
import { showPathSchema, showSettingsSchema } from '@taquilla/contract';
import type { Landing, Show, ShowSettings } from '@taquilla/contract';
import {
  DEMO_LANDING_PAGES,
  DEMO_SHOW_PATHS,
  DEMO_TELETHON_DPI,
  LANDING_PATHS,
  seedDatabase,
} from '../../src/seed/index.ts';
import { accessCodes } from '../../src/seed/viewing.ts';
import { demoAssets } from '../../src/seed/write-demo-assets.ts';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';

const PUBLIC_DIR = path.resolve(import.meta.dirname, '../../../web/public');

/** A zip's entries, read from its central directory; each checked against its CRC-32. */
function readZip(zip: Buffer): { name: string; bytes: Buffer; crcMatches: boolean }[] {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  expect(end).toBeGreaterThan(0);
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = [];
  for (let n = 0; n < count; n += 1) {
    expect(zip.readUInt32LE(at)).toBe(0x02014b50);
    const method = zip.readUInt16LE(at + 10);
    const crc = zip.readUInt32LE(at + 16);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const extraLength = zip.readUInt16LE(at + 30);
    const commentLength = zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('ascii');
    expect(method).toBe(0);
    expect(zip.readUInt32LE(local)).toBe(0x04034b50);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const bytes = zip.subarray(start, start + size);
    entries.push({ name, bytes, crcMatches: crc32(bytes) === crc });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}

/** A PCM WAV: its header agrees with its length. */
function expectWav(bytes: Buffer): void {
  expect(bytes.subarray(0, 4).toString('latin1')).toBe('RIFF');
  expect(bytes.readUInt32LE(4)).toBe(bytes.length - 8);
  expect(bytes.subarray(8, 16).toString('latin1')).toBe('WAVEfmt ');
  expect(bytes.readUInt16LE(20)).toBe(1);
  expect(bytes.subarray(36, 40).toString('latin1')).toBe('data');
  const seconds = bytes.readUInt32LE(40) / bytes.readUInt32LE(28);
  expect(seconds).toBeGreaterThan(0.5);
  expect(seconds).toBeLessThan(3);
}

/** A PDF whose cross-reference table points at its objects. */
function expectPdf(bytes: Buffer): void {
  const text = bytes.toString('latin1');
  expect(text.startsWith('%PDF-1.')).toBe(true);
  expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  const xref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)?.[1]);
  expect(text.slice(xref, xref + 4)).toBe('xref');
  const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
  expect(offsets.length).toBeGreaterThanOrEqual(5);
  offsets.forEach((offset, index) => {
    expect(text.slice(offset).startsWith(`${index + 1} 0 obj`)).toBe(true);
  });
  expect(text).toContain('/Type /Page ');
}

describe('demo landing pages: one show per template (issue 12, decision 0041)', () => {
  let t: TestApp;
  const now = new Date();

  const get = (url: string) => t.app.inject({ method: 'GET', url });
  async function show(pathOrId: string): Promise<Show> {
    const res = await get(`/shows/${pathOrId}`);
    expect(res.statusCode, pathOrId).toBe(200);
    return res.json() as Show;
  }
  async function children(parentId: string): Promise<Show[]> {
    const res = await get(`/shows?parent=${parentId}&filter=ALL&visible=-1`);
    expect(res.statusCode).toBe(200);
    return (res.json() as { items: Show[] }).items;
  }
  const landingOf = (s: Show) => s.settings.landing as Landing;
  /** Every seeded show with a landing template, with its stored settings. */
  async function landingRows() {
    const rows = await t.database.db.show.findMany({
      select: { path: true, mainImage: true, settings: true },
    });
    return rows.filter((row) => (row.settings as ShowSettings).landing !== undefined);
  }

  beforeAll(async () => {
    t = await createTestApp({ now });
    await seedDatabase(t.database.db, {
      adminEmail: 'admin@taquilla.test',
      adminPassword: 'Admin-Prueba-2026',
      now,
    });
  });
  afterAll(() => t.close());

  it('gives every template a public show with a vanity path, as DEMO_LANDING_PAGES lists', async () => {
    for (const template of LANDING_TEMPLATES) {
      const rows = await t.database.db.show.findMany({
        where: {
          settings: { path: ['landing', 'template'], equals: template },
          status: { not: 'NEW' },
          path: { not: null },
        },
        select: { path: true },
      });
      const path = LANDING_PATHS[template];
      expect(
        rows.map((row) => row.path),
        template,
      ).toContain(path);
      expect(showPathSchema.safeParse(path).success, path).toBe(true);
      expect(landingTemplateOf((await show(path)).settings)).toBe(template);
    }
    const pages = new Map(DEMO_LANDING_PAGES.map((page) => [page.template, page.url]));
    expect([...pages.keys()].sort()).toEqual([...LANDING_TEMPLATES].sort());
    expect(pages.get('film')).toBe(`/${LANDING_PATHS.festival}/${LANDING_PATHS.film}`);
    expect(pages.get('album')).toBe(`/${LANDING_PATHS.album}`);
    expect(DEMO_SHOW_PATHS.landing).toBe(LANDING_PATHS);
  });

  it('stores landing settings exactly as the contract’s showSettingsSchema reads them', async () => {
    const rows = await landingRows();
    expect(rows.length).toBeGreaterThanOrEqual(LANDING_TEMPLATES.length);
    for (const row of rows) {
      const parsed = showSettingsSchema.safeParse(row.settings);
      expect(parsed.success, row.path ?? '').toBe(true);
      // Nothing the schema would drop or change.
      expect(parsed.data, row.path ?? '').toEqual(row.settings);
    }
  });

  it('festival: three films at /{festival}/{film}, with credits, a ticket each, and entry rules that vary', async () => {
    const festival = await show(LANDING_PATHS.festival);
    expect(festival.settings.blocked_countries).toContain('IN');
    const films = await children(festival._id);
    expect(films.map((f) => f.path).sort()).toEqual([...DEMO_SHOW_PATHS.festivalFilms].sort());
    expect(new Set(films.map((f) => f.status))).toEqual(new Set(['ACTIVE', 'REPLAY', 'LIVE']));
    const entries = films.map((f) => landingEntry({ status: f.status, hasAccess: true }).kind);
    expect(new Set(entries)).toEqual(new Set(['alert', 'enter']));
    for (const film of films) {
      const s = film.settings;
      expect(landingTemplateOf(s), film.fullname).toBe('film');
      expect(isListedOnLanding('festival', film.status)).toBe(true);
      for (const credit of [
        'poster_image',
        'title',
        'year',
        'genre',
        'rated',
        'language',
        'subtitles',
        'director',
        'writer',
        'producer',
        'cast',
        'trailer',
      ] as const) {
        expect(s[credit], `${film.fullname}: ${credit}`).toBeTruthy();
      }
      expect(s.duration).toBeGreaterThan(1);
      expect(s.duration).toBeLessThan(3);
      expect(s.blocked_countries).toContain('IN');
      expect(film.has_video).toBe(true);
      const tickets = await t.database.db.ticket.count({
        where: { showId: film._id, visible: true, price: { gt: 0 } },
      });
      expect(tickets, film.fullname).toBe(1);
    }
  });

  it('channels: the series lists its HIDDEN episode but not its TEST one; the podcast opens on season 2; the lineup has three nights', async () => {
    const series = await children((await show(LANDING_PATHS.series))._id);
    const statuses = series.map((e) => e.status);
    expect(statuses).toEqual(expect.arrayContaining(['HIDDEN', 'TEST']));
    const listed = series.filter((e) => isListedOnLanding('series', e.status));
    expect(listed.map((e) => e.status)).toContain('HIDDEN');
    expect(listed.map((e) => e.status)).not.toContain('TEST');

    const episodes = await children((await show(LANDING_PATHS.podcast))._id);
    const seasons = podcastSeasons(episodes);
    expect(seasons).toEqual([1, 2]);
    expect(defaultPodcastSeason(seasons)).toBe(2);
    expect(episodes.filter((e) => e.has_video).length).toBeGreaterThanOrEqual(4);

    const cooking = await children((await show(LANDING_PATHS.channel))._id);
    expect(cooking.filter((e) => isListedOnLanding('channel', e.status)).length).toBe(4);
    expect(await children((await show(LANDING_PATHS.lineup))._id)).toHaveLength(3);
  });

  it('artist: header images, social links, and a concert with a virtual and an in-person tier at the 002 §9 prices', async () => {
    const artist = await show(LANDING_PATHS.artist);
    expect(artist.settings.channel_image).toMatch(/^\/images\/demo\/.+\.svg$/);
    expect(artist.settings.channel_image_mobile).toMatch(/^\/images\/demo\/.+\.svg$/);
    expect(landingOf(artist).socials?.length).toBeGreaterThanOrEqual(2);
    const [concert] = await children(artist._id);
    const tickets = await t.database.db.ticket.findMany({ where: { showId: concert?._id } });
    const presale = tickets.find((x) => x.price === 10000 && x.priceUsd === 1400);
    const eventDay = tickets.find((x) => x.price === 12000 && x.priceUsd === 1600);
    expect(presale && (!presale.visible || (presale.validThru ?? now) < now)).toBe(true);
    expect(eventDay?.type).toBe('ONLINE');
    expect(eventDay?.validThru).toBeNull();
    expect(tickets.some((x) => x.type !== 'ONLINE')).toBe(true);
  });

  it('telethon: checkout asks for the DPI, and the demo DPI finds the demo viewer’s codes', async () => {
    const telethon = await show(LANDING_PATHS.telethon);
    expect(telethon.paid).toBe(true);
    expect(telethon.settings.custom_fields?.fields).toContainEqual(
      expect.objectContaining({ key: 'dpi', label: 'DPI', type: 'text', required: true }),
    );
    expect(isValidDpi(DEMO_TELETHON_DPI)).toBe(true);
    const codes = await t.database.db.ticketCode.findMany({
      where: {
        order: {
          status: 'APPROVED',
          paymentInfo: { path: ['custom_fields', 'dpi'], equals: DEMO_TELETHON_DPI },
        },
        orderItem: { showId: telethon._id },
      },
    });
    expect(codes.length).toBe(2);
  });

  it('seminar: the player gates on a code, four speakers, header images and the material', async () => {
    const seminar = await show(LANDING_PATHS.seminar);
    expect(seminar.settings.nologin).toBe(true);
    expect(seminar.settings.channel_image).toBeTruthy();
    expect(seminar.settings.channel_image_mobile).toBeTruthy();
    const landing = landingOf(seminar);
    expect(landing.people).toHaveLength(4);
    expect(landing.people?.every((p) => p.photo && p.role)).toBe(true);
    expect(landing.promo_video).toMatch(/^\/media\/demo\//);
    expect(landing.downloads?.[0]?.file).toMatch(/\.pdf$/);
    const [code] = accessCodes(LANDING_PATHS.seminar);
    const res = await t.app.inject({
      method: 'POST',
      url: '/viewers/codes/validate',
      payload: { code, show_uid: seminar._id },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ valid: true, show_uid: seminar._id });
  });

  it('registration, cast, gallery and producer pages carry what their templates show', async () => {
    const registration = await show(LANDING_PATHS.registration);
    expect(registration.paid).toBe(false);
    expect(registration.settings.registration).toBe(true);
    expect(landingOf(registration).headline && landingOf(registration).intro).toBeTruthy();
    const free = await t.database.db.ticket.findMany({ where: { showId: registration._id } });
    expect(free.map((x) => [x.price, x.paymentTypes])).toEqual([[0, ['REGISTRATION']]]);

    const cast = landingOf(await show(LANDING_PATHS.cast)).people ?? [];
    expect(cast).toHaveLength(4);
    expect(cast.every((p) => p.bio && p.photo)).toBe(true);

    const gallery = await show(LANDING_PATHS.gallery);
    expect(showsWatchLink(gallery.status)).toBe(true);
    expect(landingOf(gallery).promo_video).toBeTruthy();
    expect(landingOf(gallery).gallery).toHaveLength(6);

    const page = await show(LANDING_PATHS.producer);
    const featured = landingOf(page).featured ?? [];
    expect(featured).toHaveLength(2);
    for (const id of featured) {
      const pinned = await show(id);
      expect(pinned.producer).toBe(page.producer);
      expect(pinned.visible && isListedOnProducerPage(pinned.status)).toBe(true);
    }
  });

  it('album and seminar files: every download resolves to a file the API serves, and it opens', async () => {
    const album = landingOf(await show(LANDING_PATHS.album));
    const seminar = landingOf(await show(LANDING_PATHS.seminar));
    expect(album.downloads).toHaveLength(10);
    const files = [...(album.downloads ?? []), album.zip, ...(seminar.downloads ?? [])];
    const served = new Map<string, Buffer>();
    for (const download of files) {
      const url = download?.file ?? '';
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      served.set(url, res.rawPayload);
    }
    const tracks = (album.downloads ?? []).map((d) => served.get(d.file) as Buffer);
    tracks.forEach(expectWav);
    const entries = readZip(served.get(album.zip?.file ?? '') as Buffer);
    expect(entries).toHaveLength(10);
    expect(entries.every((entry) => entry.crcMatches)).toBe(true);
    entries.forEach((entry, index) =>
      expect(entry.bytes.equals(tracks[index] as Buffer)).toBe(true),
    );
    expectPdf(served.get(seminar.downloads?.[0]?.file ?? '') as Buffer);
  });

  it('ships every image the landing pages point to, each with an accessible name', async () => {
    const rows = await landingRows();
    const images = rows.flatMap((row) => {
      const s = row.settings as ShowSettings;
      return [
        row.mainImage,
        s.poster_image,
        s.channel_image,
        s.channel_image_mobile,
        ...(s.landing?.gallery ?? []).map((g) => g.image),
        ...(s.landing?.people ?? []).map((p) => p.photo),
      ].filter((i): i is string => typeof i === 'string');
    });
    expect(images.length).toBeGreaterThanOrEqual(30);
    for (const image of images) {
      const file = path.join(PUBLIC_DIR, image);
      expect(existsSync(file), image).toBe(true);
      expect(readFileSync(file, 'utf8'), image).toMatch(/role="img" aria-label="[^"]{4,}"/);
    }
  });

  it('commits exactly the files write-demo-assets.ts generates', () => {
    const stale = demoAssets().filter(
      ({ file, bytes }) => !existsSync(file) || !readFileSync(file).equals(bytes),
    );
    expect(
      stale.map((a) => a.file),
      'run: pnpm --filter @taquilla/api exec tsx src/seed/write-demo-assets.ts',
    ).toEqual([]);
  });
});
