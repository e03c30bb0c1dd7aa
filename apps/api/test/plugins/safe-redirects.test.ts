import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storagePublicBases } from '../../src/modules/storage/storage.bases.ts';
import { createTestApp, testConfig } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { createOrganisers } from '../helpers/auth.ts';
import type { Organisers } from '../helpers/auth.ts';
import { createShow } from '../helpers/factories.ts';

const NAVIGATION = 'text/html,application/xhtml+xml,*/*;q=0.8';
const SITE = 'https://entradas.example';
const BUCKET_URL = 'https://almacen.example.com/taquilla-archivos/';
const STORAGE = {
  PUBLIC_URL: SITE,
  STORAGE_DRIVER: 's3',
  S3_ENDPOINT: 'https://almacen.example.com',
  S3_BUCKET: 'taquilla-archivos',
};

/** Every spelling the probe (issue 21 item 8) and browsers' parsers turn into another host. */
const ELSEWHERE = [
  '//evil.example/x.zip',
  '/\\evil.example/x.zip',
  '/%5Cevil.example/x.zip',
  '/%2F/evil.example/x.zip',
  '\\\\evil.example/x.zip',
  '\\/evil.example/x.zip',
  'https://evil.example/x.zip',
  'http:evil.example/x.zip',
  '/\t/evil.example/x.zip',
  '/\n/evil.example/x.zip',
  '/\r\n/evil.example/x.zip',
  ' //evil.example/x.zip',
  // Look-alikes of this site and of the bucket.
  'https://entradas.example.evil.example/x.zip',
  'https://entradas.example@evil.example/x.zip',
  'https://entradas.example\\@evil.example/x.zip',
  'http://entradas.example/x.zip',
  'https://almacen.example.com/otro-bucket/x.zip',
  'https://almacen.example.com/taquilla-archivos-falsos/x.zip',
  'https://almacen.example.com/taquilla-archivos/\t/x.zip',
];

const OWN = [
  '/storage/public/album/pista-1.mp3',
  '/media/album/album-completo.zip',
  `${SITE}/media/album/pista-2.mp3`,
  `${BUCKET_URL}album/pista-3.mp3`,
];

describe('download redirects go only to this site and its storage (decision 0066)', () => {
  let t: TestApp;

  const redeem = (file: string, accept = NAVIGATION) =>
    t.app.inject({
      method: 'GET',
      url: `/etickets/downloads/redeem?filename=${encodeURIComponent(file)}`,
      headers: { accept },
      remoteAddress: '198.51.100.77',
    });

  beforeAll(async () => {
    t = await createTestApp({ config: STORAGE });
    // A page saved before the rule (straight into the database): every file listed.
    await createShow(t.database.db, {
      settings: {
        landing: {
          template: 'album',
          downloads: [...ELSEWHERE, ...OWN].map((file, index) => ({
            title: `Pista ${index + 1}`,
            file,
          })),
        },
      },
    });
  });
  afterAll(() => t.close());

  it('refuses every address elsewhere with 422 DOWNLOAD_NOT_ALLOWED, a Spanish message and no count', async () => {
    for (const file of ELSEWHERE) {
      for (const accept of [NAVIGATION, 'application/json']) {
        const res = await redeem(file, accept);
        expect(res.statusCode, JSON.stringify(file)).toBe(422);
        expect(res.headers.location).toBeUndefined();
        expect(res.json()).toEqual({
          error: 'DOWNLOAD_NOT_ALLOWED',
          message:
            'Esta descarga no está en este sitio ni en su almacenamiento; no podemos llevarte ahí',
        });
      }
    }
    const counted = await t.database.db.downloadRedemption.count({
      where: { filename: { in: ELSEWHERE } },
    });
    expect(counted).toBe(0);
  });

  it('still sends a browser to a path of this site, a URL of this site and one in the bucket', async () => {
    for (const file of OWN) {
      const res = await redeem(file);
      expect(res.statusCode, file).toBe(302);
      expect(res.headers.location).toBe(file);
    }
  });
});

describe('the storage a download may be in', () => {
  it('is the local driver’s /storage/ or the configured bucket, never a whole S3 host', () => {
    expect(storagePublicBases(testConfig({ PUBLIC_URL: `${SITE}/` }))).toEqual([
      `${SITE}/storage/`,
    ]);
    expect(storagePublicBases(testConfig(STORAGE))).toEqual([BUCKET_URL]);
    expect(
      storagePublicBases(
        testConfig({
          ...STORAGE,
          S3_ENDPOINT: 'https://s3.example.com/',
          S3_FORCE_PATH_STYLE: 'false',
        }),
      ),
    ).toEqual(['https://taquilla-archivos.s3.example.com/']);
    const aws = testConfig({ ...STORAGE, S3_ENDPOINT: '', S3_REGION: 'us-east-2' });
    expect(storagePublicBases(aws)).toEqual([
      'https://s3.us-east-2.amazonaws.com/taquilla-archivos/',
    ]);
  });
});

describe('an organiser saves download files on this site or its storage only', () => {
  let t: TestApp;
  let o: Organisers;
  let showId: string;

  const patchLanding = (landing: object) =>
    t.app.inject({
      method: 'PATCH',
      url: `/admin/shows/${showId}`,
      headers: o.producerUserA.headers,
      payload: { settings: { landing } },
    });
  const fieldsOf = (body: unknown) =>
    ((body as { fields?: { field: string; message: string }[] }).fields ?? []).map((f) => [
      f.field,
      f.message,
    ]);

  beforeAll(async () => {
    t = await createTestApp({ config: STORAGE });
    o = await createOrganisers(t);
    showId = (await createShow(t.database.db, { producerId: o.producerA })).id;
  });
  afterAll(() => t.close());

  it('refuses a "path" that is another host, in any address of the page', async () => {
    for (const file of ['//evil.example/x.zip', '/\\evil.example/x.zip', '/%5Cevil.example']) {
      const res = await patchLanding({
        template: 'album',
        downloads: [{ title: 'Pista', file }],
        people: [{ name: 'Ana', photo: file }],
      });
      expect(res.statusCode, file).toBe(422);
      expect(fieldsOf(res.json())).toEqual([
        [
          'settings.landing.people.0.photo',
          'Escribe una dirección completa (https://…) o una ruta de este sitio (/storage/…)',
        ],
        [
          'settings.landing.downloads.0.file',
          'Escribe una dirección completa (https://…) o una ruta de este sitio (/storage/…)',
        ],
      ]);
    }
  });

  it('refuses a download on another site, naming the file’s field', async () => {
    const tracks = await patchLanding({
      template: 'album',
      downloads: [
        { title: 'Pista 1', file: '/storage/public/album/1.mp3' },
        { title: 'Pista 2', file: 'https://cdn.example.com/album/2.mp3' },
      ],
    });
    expect(tracks.statusCode).toBe(422);
    expect(fieldsOf(tracks.json())).toEqual([
      [
        'settings.landing.downloads.1.file',
        'El archivo debe estar en este sitio (/storage/…, /media/…) o en su almacenamiento',
      ],
    ]);
    const zip = await patchLanding({
      template: 'album',
      zip: { title: 'Todo', file: 'https://evil.example/album.zip' },
    });
    expect(zip.statusCode).toBe(422);
    expect(fieldsOf(zip.json()).map(([field]) => field)).toEqual(['settings.landing.zip.file']);
    const stored = await t.database.db.show.findUniqueOrThrow({ where: { id: showId } });
    expect(stored.settings).toEqual({});
  });

  it('saves files on this site and in the bucket, and other sites’ links elsewhere on the page', async () => {
    const res = await patchLanding({
      template: 'album',
      socials: [{ label: 'Instagram', url: 'https://instagram.com/marimba' }],
      downloads: [
        { title: 'Pista 1', file: '/storage/public/album/1.mp3' },
        { title: 'Pista 2', file: `${BUCKET_URL}album/2.mp3` },
      ],
      zip: { title: 'Todo', file: `${SITE}/media/album.zip` },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('old show URLs redirect only to paths of this site (decision 0066)', () => {
  let t: TestApp;

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'taquilla-redirects-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Taquilla SPA</title><div id="root"></div>',
    );
    t = await createTestApp({ config: { WEB_DIST_DIR: dist } });
  });
  afterAll(() => t.close());

  it('serves the page instead of sending a browser to a stored path that names another host', async () => {
    // Written past the schema (which keeps paths to a-z, 0-9 and dashes): `/{path}` is `//evil…`.
    const show = await createShow(t.database.db, { path: '/evil.example' });
    const res = await t.app.inject({
      method: 'GET',
      url: `/shows/${show.id}`,
      headers: { accept: NAVIGATION },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers.location).toBeUndefined();
    expect(res.body).toContain('<div id="root"></div>');
    expect(t.logs.join('')).toContain('show redirect refused: not a path of this site');
  });
});
