import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';
import { createOrganisers } from '../../helpers/auth.ts';
import type { Organisers } from '../../helpers/auth.ts';
import { VIDEO, createWatchShow, playback, refusal, signedInViewer } from '../../helpers/watch.ts';
import type { Viewer } from '../../helpers/watch.ts';

const PLAYLIST = [
  { _id: 'uno', title: 'Primera parte', status: 'ACTIVE', video_url: VIDEO.item },
  { _id: 'dos', title: 'Segunda parte', status: 'SOON', video_url: VIDEO.soon },
  { _id: 'tres', title: 'Sin video', status: 'LIVE' },
];
const SOURCES = Object.values(VIDEO);
const PASSWORD = 'Secreto-Del-Organizador';

/** True when any video source or the show's password appears anywhere in the text. */
function leaks(body: string): string[] {
  return [...SOURCES, PASSWORD].filter((secret) => body.includes(secret));
}

describe('video sources leave the server only through the playback call', () => {
  let t: TestApp;
  let people: Organisers;
  let viewer: Viewer;
  let channelId: string;
  let episodeId: string;
  let freeId: string;
  let silentId: string;

  beforeAll(async () => {
    // The catalogue cache on, as in production: a cached answer must not leak either.
    t = await createTestApp({ config: { CATALOGUE_CACHE_SECONDS: '30' } });
    people = await createOrganisers(t);
    viewer = await signedInViewer(t);
    channelId = (
      await createWatchShow(t, {
        producerId: people.producerA,
        paid: false,
        path: 'canal-con-videos',
        settings: { video_url_es: VIDEO.es, video_url_en: VIDEO.en, playlist: PLAYLIST },
      })
    ).id;
    freeId = channelId;
    episodeId = (
      await createWatchShow(t, {
        producerId: people.producerA,
        parentShowId: channelId,
        settings: { security: PASSWORD },
      })
    ).id;
    silentId = (await createWatchShow(t, { videoUrl: null, paid: false })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers GET /shows/{id} with has_video and without sources or password, cached or not', async () => {
    for (let round = 0; round < 2; round += 1) {
      const res = await t.app.inject({ method: 'GET', url: `/shows/${channelId}` });
      expect(res.statusCode).toBe(200);
      expect(leaks(res.body)).toEqual([]);
      const show = res.json();
      expect(show).toMatchObject({ video_url: null, has_video: true });
      expect(show.settings).not.toHaveProperty('video_url_es');
      expect(show.settings).not.toHaveProperty('video_url_en');
      expect(show.settings.playlist).toEqual([
        { _id: 'uno', title: 'Primera parte', status: 'ACTIVE', has_video: true },
        { _id: 'dos', title: 'Segunda parte', status: 'SOON', has_video: true },
        { _id: 'tres', title: 'Sin video', status: 'LIVE', has_video: false },
      ]);
    }
    const silent = await t.app.inject({ method: 'GET', url: `/shows/${silentId}` });
    expect(silent.json()).toMatchObject({ video_url: null, has_video: false });
  });

  it('says a show asks for a password without saying which', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/shows/${episodeId}` });
    expect(leaks(res.body)).toEqual([]);
    expect(res.json().settings.security).toBe(true);
  });

  it('keeps sources out of lists, children and channel pages', async () => {
    const urls = [
      `/shows?parent=${channelId}&filter=ALL&visible=-1`,
      '/shows?filter=ALL',
      `/shows/showChannels/${channelId}`,
      `/shows/showChannels/${channelId}?viewer=${viewer.viewerId}`,
    ];
    for (const url of urls) {
      const res = await t.app.inject({ method: 'GET', url, headers: viewer.headers });
      expect(res.statusCode, url).toBe(200);
      expect(leaks(res.body), url).toEqual([]);
    }
    const channel = await t.app.inject({ method: 'GET', url: `/shows/showChannels/${channelId}` });
    expect(channel.json().children[0].show).toMatchObject({ _id: episodeId, has_video: true });
  });

  it('gives the sources to a caller with access, SOON playlist videos held back', async () => {
    const res = await playback(t, channelId, { headers: viewer.headers });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.json()).toEqual({
      show_uid: freeId,
      status: 'LIVE',
      mode: 'free',
      code: viewer.userId,
      expires_on: null,
      video_url: VIDEO.main,
      video_url_es: VIDEO.es,
      video_url_en: VIDEO.en,
      playlist: [
        { _id: 'uno', title: 'Primera parte', status: 'ACTIVE', video_url: VIDEO.item },
        { _id: 'dos', title: 'Segunda parte', status: 'SOON' },
        { _id: 'tres', title: 'Sin video', status: 'LIVE' },
      ],
      // Only a password show's guest gets one (decision 0063).
      viewer_token: null,
    });
  });

  it('refuses the playback call without access and shows no source in the refusal', async () => {
    const anonymous = await playback(t, channelId);
    expect(refusal(anonymous)).toMatchObject({ status: 401, error: 'UNAUTHORIZED' });
    const wrong = await playback(t, episodeId, { code: 'no-es-la-clave' });
    expect(refusal(wrong)).toEqual({
      status: 403,
      error: 'ACCESS_CODE_INVALID',
      message: 'Código Inválido',
    });
    for (const res of [anonymous, wrong]) expect(leaks(res.body)).toEqual([]);
  });

  it('still shows the organiser the sources and the password (GET /admin/shows/{id})', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/admin/shows/${episodeId}`,
      headers: people.producerUserA.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      video_url: VIDEO.main,
      has_video: true,
      settings: { security: PASSWORD },
    });
  });

  it('never logs the code of a playback call', async () => {
    await playback(t, episodeId, { code: 'CODIGO-EN-BITACORA' });
    expect(t.logs.join('').includes('CODIGO-EN-BITACORA')).toBe(false);
  });
});
