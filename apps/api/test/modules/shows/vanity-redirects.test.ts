import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { createShow } from '../../helpers/factories.ts';

const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
const QUERY = '?code=ABC123&utm_source=x';

describe('old show URLs of a browser go to the vanity path (decision 0037)', () => {
  let t: TestApp;
  let withPath: string;
  let withoutPath: string;
  let draftWithPath: string;
  let parentWithPath: string;
  let dateOfPathParent: string;
  let parentWithoutPath: string;
  let dateOfPlainParent: string;
  let dateOfDraftParent: string;

  const navigate = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: HTML } });

  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'taquilla-vanity-'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Taquilla SPA</title><div id="root"></div>',
    );
    t = await createTestApp({ config: { WEB_DIST_DIR: dist } });
    const db = t.database.db;
    withPath = (await createShow(db, { path: 'concierto-de-marimba' })).id;
    withoutPath = (await createShow(db)).id;
    draftWithPath = (await createShow(db, { path: 'borrador-secreto', status: 'NEW' })).id;
    const parent = await createShow(db, { path: 'obra-de-temporada' });
    parentWithPath = parent.id;
    const date = { settings: { is_show_date: true }, visible: false };
    dateOfPathParent = (await createShow(db, { ...date, parentShowId: parent.id })).id;
    parentWithoutPath = (await createShow(db)).id;
    dateOfPlainParent = (await createShow(db, { ...date, parentShowId: parentWithoutPath })).id;
    const draftParent = await createShow(db, { path: 'temporada-en-borrador', status: 'NEW' });
    dateOfDraftParent = (await createShow(db, { ...date, parentShowId: draftParent.id })).id;
  });
  afterAll(() => t.close());

  it('sends /shows/{id} and /shows/{id}/ to /{path}, keeping the query string exactly', async () => {
    for (const url of [`/shows/${withPath}${QUERY}`, `/shows/${withPath}/${QUERY}`]) {
      const res = await navigate(url);
      expect(res.statusCode, url).toBe(302);
      expect(res.headers.location).toBe(`/concierto-de-marimba${QUERY}`);
      expect(String(res.headers.vary)).toContain('Accept');
    }
    const bare = await navigate(`/shows/${withPath}`);
    expect(bare.headers.location).toBe('/concierto-de-marimba');
  });

  it('sends the player, its trailing-slash form and /full to /{path}/player with the query', async () => {
    for (const page of ['player', 'player/', 'full']) {
      const res = await navigate(`/shows/${withPath}/${page}${QUERY}`);
      expect(res.statusCode, page).toBe(302);
      expect(res.headers.location).toBe(`/concierto-de-marimba/player${QUERY}`);
    }
  });

  it('still answers the API call on the same path with the show as JSON', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/shows/${withPath}${QUERY}`,
      headers: { accept: 'application/json' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/json');
    expect(res.json()).toMatchObject({ _id: withPath, path: 'concierto-de-marimba' });
  });

  it('serves the page itself for a show without a path, and for its player', async () => {
    for (const url of [`/shows/${withoutPath}${QUERY}`, `/shows/${withoutPath}/player`]) {
      const res = await navigate(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it('never reveals the path of a draft (NEW) show', async () => {
    for (const url of [`/shows/${draftWithPath}`, `/shows/${draftWithPath}/player`]) {
      const res = await navigate(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).not.toContain('borrador-secreto');
    }
  });

  it('sends a child date to its parent’s page: the vanity path, else /shows/{parent}', async () => {
    const toPath = await navigate(`/shows/${dateOfPathParent}${QUERY}`);
    expect(toPath.statusCode).toBe(302);
    expect(toPath.headers.location).toBe(`/obra-de-temporada${QUERY}`);
    const toId = await navigate(`/shows/${dateOfPlainParent}/${QUERY}`);
    expect(toId.statusCode).toBe(302);
    expect(toId.headers.location).toBe(`/shows/${parentWithoutPath}${QUERY}`);
  });

  it('sends a child date’s quick link to its parent’s quick link, with the query', async () => {
    for (const [date, parent] of [
      [dateOfPathParent, parentWithPath],
      [dateOfPlainParent, parentWithoutPath],
    ]) {
      const res = await navigate(`/shows/${date}/quicklink${QUERY}`);
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(`/shows/${parent}/quicklink${QUERY}`);
    }
  });

  it('leaves everything else alone: a date of a draft parent, a quick link of a show with a path', async () => {
    for (const url of [
      `/shows/${dateOfDraftParent}`,
      `/shows/${dateOfDraftParent}/quicklink`,
      `/shows/${withPath}/quicklink${QUERY}`,
      `/shows/${withPath}/chat`,
      `/shows/${parentWithPath}/quicklink`,
      '/shows/0196a0b4-0000-7000-8000-000000000000',
    ]) {
      const res = await navigate(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });
});

describe('a vanity path may not take an app or gateway segment', () => {
  let t: TestApp;
  let o: Organisers;
  beforeAll(async () => {
    t = await createTestApp();
    o = await createOrganisers(t);
  });
  afterAll(() => t.close());

  const reserved = {
    error: 'VALIDATION_ERROR',
    message: 'Los datos enviados no son válidos',
    fields: [{ field: 'path', message: 'Esa ruta es de una página del sitio; elige otra' }],
  };

  it('refuses POST /admin/shows with path "admin" with 422 naming the field in Spanish', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/admin/shows',
      headers: o.producerUserA.headers,
      payload: {
        fullname: 'Concierto',
        show_date: new Date(Date.now() + 86_400_000).toISOString(),
        venue: 'Teatro Nacional',
        path: 'admin',
      },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(reserved);
  });

  it('refuses PATCH /admin/shows/{id} with path "help", and keeps the show’s path', async () => {
    const show = await createShow(t.database.db, { producerId: o.producerA, path: 'mi-concierto' });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/admin/shows/${show.id}`,
      headers: o.producerUserA.headers,
      payload: { path: 'help' },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual(reserved);
    const stored = await t.database.db.show.findUniqueOrThrow({ where: { id: show.id } });
    expect(stored.path).toBe('mi-concierto');
  });
});
