import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MEDIA, findDemoMediaDir } from '../../../src/modules/media/media.routes.ts';
import { VIDEO } from '../../../src/seed/paths.ts';
import { createTestApp } from '../../helpers/app.ts';
import type { TestApp } from '../../helpers/app.ts';

describe('demo media: GET /media/demo/* (the clip the demo shows play)', () => {
  let t: TestApp;
  const dir = findDemoMediaDir() as string;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('ships a small clip with the repository', () => {
    expect(dir).toMatch(/apps[/\\]api[/\\]media[/\\]demo$/);
    const bytes = readdirSync(dir)
      .filter((name) => /\.(mp4|m3u8|ts)$/.test(name))
      .reduce((sum, name) => sum + statSync(path.join(dir, name)).size, 0);
    expect(bytes).toBeGreaterThan(100_000);
    expect(bytes).toBeLessThan(1_000_000);
  });

  it('serves the MP4 whole and by byte ranges (206), as players seek', async () => {
    const file = readFileSync(path.join(dir, 'taquilla-demo.mp4'));
    const whole = await get(DEMO_MEDIA.mp4);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.rawPayload.equals(file)).toBe(true);
    // An MP4 opens with its ftyp box.
    expect(file.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const part = await get(DEMO_MEDIA.mp4, { range: 'bytes=100-1123' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1123/${file.length}`);
    expect(part.rawPayload.equals(file.subarray(100, 1124))).toBe(true);

    const beyond = await get(DEMO_MEDIA.mp4, { range: `bytes=${file.length + 10}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.json()).toEqual({
      error: 'RANGE_NOT_SATISFIABLE',
      message: 'El rango pedido está fuera del archivo',
    });
  });

  it('serves an HLS playlist of 5 to 10 seconds whose segments are MPEG-TS', async () => {
    const playlist = await get(DEMO_MEDIA.hls);
    expect(playlist.statusCode).toBe(200);
    expect(playlist.headers['content-type']).toMatch(/^application\/vnd\.apple\.mpegurl/);
    expect(playlist.headers['access-control-allow-origin']).toBe('*');
    const lines = playlist.body.split('\n');
    expect(lines[0]).toBe('#EXTM3U');
    expect(lines).toContain('#EXT-X-ENDLIST');
    const seconds = lines
      .filter((line) => line.startsWith('#EXTINF:'))
      .reduce((sum, line) => sum + Number.parseFloat(line.slice('#EXTINF:'.length)), 0);
    expect(seconds).toBeGreaterThanOrEqual(5);
    expect(seconds).toBeLessThanOrEqual(10);
    const segments = lines.filter((line) => line.endsWith('.ts'));
    expect(segments.length).toBeGreaterThanOrEqual(2);
    for (const segment of segments) {
      const res = await get(`/media/demo/${segment}`);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('video/mp2t');
      // Every 188-byte transport packet starts with the sync byte 0x47.
      expect(res.rawPayload[0]).toBe(0x47);
      expect(res.rawPayload[188]).toBe(0x47);
    }
  });

  it('answers 404 in the house shape for anything else', async () => {
    for (const url of [
      '/media/demo/otro.mp4',
      '/media/demo/README.md',
      '/media/demo/../../package.json',
      '/media/demo/%2e%2e/%2e%2e/package.json',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toMatchObject({ error: 'NOT_FOUND' });
    }
  });

  it('is what the demo seed’s streaming shows play', () => {
    expect(Object.values(VIDEO).every((url) => url.startsWith('/media/demo/'))).toBe(true);
    expect(new Set(Object.values(VIDEO))).toEqual(
      new Set([DEMO_MEDIA.mp4, DEMO_MEDIA.hls, DEMO_MEDIA.live]),
    );
  });
});
