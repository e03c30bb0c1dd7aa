import { parse } from 'hls-parser';
import type { types } from 'hls-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEDIA } from '../../../src/modules/media/media.routes.ts';
import { VIDEO } from '../../../src/seed/paths.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';

/*
 * Issue 20 item 9 (decision 0058): the demo's live source is a live playlist that keeps
 * advancing, looping the clip like a real test stream, so the end of the six-second clip
 * is never the end of a LIVE show's broadcast.
 */

const T0 = new Date('2027-02-14T20:00:00.000Z');
const at = (seconds: number) => new Date(T0.getTime() + seconds * 1000);

describe('demo media: the live test stream (GET /media/demo/taquilla-demo-live.m3u8)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function playlistAt(when: Date): Promise<types.MediaPlaylist> {
    t.setNow(when);
    const res = await t.app.inject({ method: 'GET', url: DEMO_MEDIA.live });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    // Players ask again every target duration: a cached copy would freeze the stream.
    expect(res.headers['cache-control']).toBe('no-cache');
    const playlist = parse(res.body);
    if (playlist.isMasterPlaylist) throw new Error('expected a media playlist');
    return playlist;
  }

  it('is a live playlist: no end, no VOD type, a window of the clip’s segments', async () => {
    const playlist = await playlistAt(at(0));
    expect(playlist.endlist).toBe(false);
    expect(playlist.playlistType).toBeUndefined();
    expect(playlist.targetDuration).toBe(2);
    expect(playlist.segments.length).toBeGreaterThanOrEqual(3);
    for (const segment of playlist.segments) {
      expect(segment.duration).toBe(2);
      const res = await t.app.inject({ method: 'GET', url: `/media/demo/${segment.uri}` });
      expect(res.statusCode, segment.uri).toBe(200);
      expect(res.headers['content-type']).toBe('video/mp2t');
    }
  });

  it('keeps advancing with the clock, well past the clip’s six seconds', async () => {
    const first = await playlistAt(at(0));
    const later = await playlistAt(at(60));
    expect(later.mediaSequenceBase! - first.mediaSequenceBase!).toBe(30);
    expect(later.segments.length).toBe(first.segments.length);
    const muchLater = await playlistAt(at(3600));
    expect(muchLater.endlist).toBe(false);
    expect(muchLater.mediaSequenceBase! - first.mediaSequenceBase!).toBe(1800);
  });

  it('loops the clip, marking each restart as a discontinuity', async () => {
    const playlist = await playlistAt(at(0));
    const uris = playlist.segments.map((segment) => segment.uri);
    const order = ['taquilla-demo-0.ts', 'taquilla-demo-1.ts', 'taquilla-demo-2.ts'];
    uris.forEach((uri, index) => {
      if (index === 0) return;
      const before = order.indexOf(uris[index - 1]!);
      expect(uri).toBe(order[(before + 1) % order.length]);
    });
    for (const [index, segment] of playlist.segments.entries()) {
      const restarts = segment.uri === order[0] && index > 0;
      expect(Boolean(segment.discontinuity), `${index} ${segment.uri}`).toBe(restarts);
    }
    // Each segment's discontinuity sequence counts the restarts before it, across windows.
    const next = await playlistAt(at(2));
    const shared = next.segments[0]!;
    const same = playlist.segments.find(
      (s) => s.mediaSequenceNumber === shared.mediaSequenceNumber,
    );
    expect(shared.discontinuitySequence).toBe(same?.discontinuitySequence);
  });

  it('is what the demo seed’s LIVE shows stream', () => {
    expect(VIDEO.live).toBe(DEMO_MEDIA.live);
  });
});
