import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { LoggedIn, Organisers } from '../../helpers/auth.ts';
import { createShow } from '../../helpers/factories.ts';

const TRACK = '/storage/public/album/pista-1.mp3';
/** A track in the deployment's storage, by its full URL (the local driver's, on PUBLIC_URL). */
const STORAGE_URL_TRACK = 'http://localhost:3000/storage/public/album/pista-2.mp3?v=2';
const ACCENTED = '/storage/public/album/canción-3.mp3';
const ZIP = '/media/album/album-completo.zip';
const DRAFT_FILE = '/storage/public/borrador/pista.mp3';
const NAVIGATION = 'text/html,application/xhtml+xml,*/*;q=0.8';

let lastAddress = 0;
const newAddress = () => `198.51.100.${(lastAddress += 1)}`;

const albumLanding = (prefix: string) => ({
  template: 'album',
  downloads: [
    { title: 'Pista 1', file: `${prefix}pista-1.mp3` },
    { title: 'Pista 2', file: `${prefix}pista-2.mp3` },
  ],
  zip: { title: 'Álbum completo', file: `${prefix}album.zip` },
});

describe('GET /etickets/downloads/redeem?filename= (decision 0038)', () => {
  let t: TestApp;
  let o: Organisers;
  let albumId: string;

  const redeem = (
    file: string,
    options: { accept?: string; headers?: Record<string, string>; address?: string } = {},
  ) =>
    t.app.inject({
      method: 'GET',
      url: `/etickets/downloads/redeem?filename=${encodeURIComponent(file)}`,
      headers: { accept: options.accept ?? NAVIGATION, ...options.headers },
      remoteAddress: options.address ?? newAddress(),
    });
  const redemptionsOf = (filename: string) =>
    t.database.db.downloadRedemption.findMany({ where: { filename } });

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
    const db = t.database.db;
    albumId = (
      await createShow(db, {
        producerId: o.producerA,
        settings: {
          landing: {
            template: 'album',
            downloads: [
              { title: 'Pista 1', file: TRACK },
              { title: 'Pista 2', file: STORAGE_URL_TRACK },
              { title: 'Canción 3', file: ACCENTED },
            ],
            zip: { title: 'Álbum completo', file: ZIP },
          },
        },
      })
    ).id;
    await createShow(db, {
      producerId: o.producerA,
      status: 'NEW',
      settings: { landing: { template: 'album', downloads: [{ title: 'X', file: DRAFT_FILE }] } },
    });
  });
  afterAll(() => t.close());

  it('counts a click on a track and sends the browser to the file on this site', async () => {
    const address = newAddress();
    const res = await redeem(TRACK, { address, headers: { cookie: 'sessionID=navegador-1' } });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(TRACK);
    expect(res.headers['cache-control']).toBe('no-store');
    const rows = await redemptionsOf(TRACK);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      showId: albumId,
      userId: null,
      sessionKey: 'navegador-1',
      ip: address,
    });
  });

  it('records the account of a signed-in listener', async () => {
    const res = await redeem(ZIP, { headers: o.viewer.headers });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(ZIP);
    const rows = await redemptionsOf(ZIP);
    expect(rows.map((row) => row.userId)).toEqual([o.viewer.userId]);
  });

  it('sends a URL of this site’s storage as written and percent-encodes what a header cannot carry', async () => {
    const absolute = await redeem(STORAGE_URL_TRACK);
    expect(absolute.statusCode).toBe(302);
    expect(absolute.headers.location).toBe(STORAGE_URL_TRACK);
    const accented = await redeem(ACCENTED);
    expect(accented.statusCode).toBe(302);
    expect(accented.headers.location).toBe('/storage/public/album/canci%C3%B3n-3.mp3');
    expect(await redemptionsOf(ACCENTED)).toHaveLength(1);
  });

  it('answers a caller asking for JSON where the file is, counting it all the same', async () => {
    const before = (await redemptionsOf(STORAGE_URL_TRACK)).length;
    const res = await redeem(STORAGE_URL_TRACK, { accept: 'application/json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ file: STORAGE_URL_TRACK });
    expect(await redemptionsOf(STORAGE_URL_TRACK)).toHaveLength(before + 1);
  });

  it('answers 404 DOWNLOAD_NOT_FOUND for a file no page lists and for a draft show’s file, counting nothing', async () => {
    for (const file of ['/storage/public/album/pista-9.mp3', DRAFT_FILE, '/media/pista-1.mp3']) {
      const res = await redeem(file);
      expect(res.statusCode, file).toBe(404);
      expect(res.json()).toEqual({ error: 'DOWNLOAD_NOT_FOUND', message: 'Archivo no disponible' });
      expect(await redemptionsOf(file)).toHaveLength(0);
    }
    // Not a path of this site at all: refused before any look-up (decision 0066).
    const relative = await redeem('pista-1.mp3');
    expect(relative.statusCode).toBe(422);
    expect((relative.json() as { error: string }).error).toBe('DOWNLOAD_NOT_ALLOWED');
    expect(await redemptionsOf('pista-1.mp3')).toHaveLength(0);
    const missing = await t.app.inject({ method: 'GET', url: '/etickets/downloads/redeem' });
    expect(missing.statusCode).toBe(422);
    expect((missing.json() as { fields: { field: string }[] }).fields.map((f) => f.field)).toEqual([
      'filename',
    ]);
  });

  it('is documented with its JSON answer and its 302 with the Location header', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json() as {
      paths: Record<string, { get: { responses: Record<string, { headers?: object }> } }>;
    };
    const responses = doc.paths['/etickets/downloads/redeem']?.get.responses ?? {};
    expect(Object.keys(responses)).toEqual(expect.arrayContaining(['200', '302', '404', '429']));
    expect(responses['302']?.headers).toHaveProperty('Location');
  });

  it('allows an address 60 clicks a minute; the 61st answers 429 with Retry-After and is not counted', async () => {
    const address = newAddress();
    const file = '/storage/public/album/pista-1.mp3';
    const before = (await redemptionsOf(file)).length;
    for (let i = 0; i < 60; i += 1) {
      expect((await redeem(file, { address })).statusCode).toBe(302);
    }
    const refused = await redeem(file, { address });
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as { error: string }).error).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await redemptionsOf(file)).toHaveLength(before + 60);
  });
});

describe('GET /admin/shows/{id}/downloads', () => {
  let t: TestApp;
  let o: Organisers;
  let showId: string;

  const counts = (who: LoggedIn | null, id = showId) =>
    t.app.inject({
      method: 'GET',
      url: `/admin/shows/${id}/downloads`,
      ...(who ? { headers: who.headers } : {}),
    });
  const click = (file: string) =>
    t.app.inject({
      method: 'GET',
      url: `/etickets/downloads/redeem?filename=${encodeURIComponent(file)}`,
      headers: { accept: NAVIGATION },
    });

  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
    const db = t.database.db;
    showId = (
      await createShow(db, {
        producerId: o.producerA,
        settings: { landing: albumLanding('/storage/public/conteo/') },
      })
    ).id;
    for (const file of ['pista-2.mp3', 'pista-2.mp3', 'album.zip', 'pista-2.mp3']) {
      expect((await click(`/storage/public/conteo/${file}`)).statusCode).toBe(302);
    }
    // A track the page listed before the organiser took it off.
    await db.downloadRedemption.createMany({
      data: [1, 2].map(() => ({ showId, filename: '/storage/public/conteo/demo-retirado.mp3' })),
    });
  });
  afterAll(() => t.close());

  it('answers the organiser each file in page order with its count, then files no longer listed', async () => {
    for (const who of [o.producerUserA, o.admin]) {
      const res = await counts(who);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({
        items: [
          { file: '/storage/public/conteo/pista-1.mp3', title: 'Pista 1', count: 0 },
          { file: '/storage/public/conteo/pista-2.mp3', title: 'Pista 2', count: 3 },
          { file: '/storage/public/conteo/album.zip', title: 'Álbum completo', count: 1 },
          { file: '/storage/public/conteo/demo-retirado.mp3', title: null, count: 2 },
        ],
      });
    }
  });

  it('answers 404 for another producer’s show, 401 without a session and 403 for a viewer', async () => {
    const other = await counts(o.producerUserB);
    expect(other.statusCode).toBe(404);
    expect((other.json() as { error: string }).error).toBe('SHOW_NOT_FOUND');
    expect((await counts(null)).statusCode).toBe(401);
    const viewer = await counts(o.viewer);
    expect(viewer.statusCode).toBe(403);
    expect((viewer.json() as { error: string }).error).toBe('FORBIDDEN');
    expect((await counts(o.producerUserA, 'no-es-un-id')).statusCode).toBe(404);
  });
});
