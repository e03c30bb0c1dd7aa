import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { demoLivePlaylist } from './media.live.ts';

/** Where the demo clip is served: the demo seed's shows play these (apps/api/media/demo/README.md). */
export const DEMO_MEDIA_PREFIX = '/media/demo/';
export const DEMO_MEDIA = {
  mp4: `${DEMO_MEDIA_PREFIX}taquilla-demo.mp4`,
  hls: `${DEMO_MEDIA_PREFIX}taquilla-demo.m3u8`,
  /** The clip looped as a live test stream (decision 0058): what LIVE demo shows play. */
  live: `${DEMO_MEDIA_PREFIX}taquilla-demo-live.m3u8`,
} as const;

/**
 * apps/api/media/demo, found from this module whether it runs from src/
 * (tsx, tests) or bundled into dist/server.js: the nearest folder above with
 * media/demo in it.
 */
export function findDemoMediaDir(
  from = path.dirname(fileURLToPath(import.meta.url)),
): string | null {
  let dir = from;
  for (let depth = 0; depth < 6; depth += 1) {
    const candidate = path.join(dir, 'media', 'demo');
    if (existsSync(path.join(candidate, 'taquilla-demo.m3u8'))) return candidate;
    dir = path.dirname(dir);
  }
  return null;
}

/**
 * GET /media/demo/*: the project's own short clip in MP4 and HLS, so the demo
 * shows really play without reaching another site, and the demo landing pages'
 * downloads (WAV tracks, a zip, a PDF: decision 0041). Range requests answer 206
 * (seeking, Safari's MP4 playback); any origin may read it (hls.js, casting).
 */
export async function registerDemoMedia(
  app: FastifyInstance,
  deps: { clock: () => Date },
): Promise<void> {
  const root = findDemoMediaDir();
  if (!root) {
    app.log.warn('demo media not found: /media/demo is not served');
    return;
  }
  app.get(DEMO_MEDIA.live, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('access-control-allow-origin', '*')
      // Asked again every two seconds by every player: never a stale window.
      .header('cache-control', 'no-cache')
      .type('application/vnd.apple.mpegurl')
      .send(demoLivePlaylist(deps.clock())),
  );
  await app.register(fastifyStatic, {
    root,
    prefix: DEMO_MEDIA_PREFIX,
    decorateReply: false,
    index: false,
    list: false,
    maxAge: '1d',
    allowedPath: (pathName) => /^\/?[\w.-]+\.(mp4|m3u8|ts|wav|zip|pdf)$/.test(pathName),
    setHeaders(reply) {
      reply.header('access-control-allow-origin', '*');
    },
  });
}
