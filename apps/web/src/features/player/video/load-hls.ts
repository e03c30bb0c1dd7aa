import type Hls from 'hls.js';

export type HlsClass = typeof Hls;

/**
 * hls.js (about 400 kB) in its own chunk, fetched only when a browser without native
 * HLS plays an HLS source. Component tests replace this module at this boundary.
 */
export async function loadHls(): Promise<HlsClass> {
  return (await import('hls.js')).default;
}
