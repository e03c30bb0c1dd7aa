import type Hls from 'hls.js';

export type HlsClass = typeof Hls;

/**
 * hls.js's light build (HLS and its adaptive bitrate; no subtitles, alternate audio
 * or DRM, which no show uses) in its own chunk, fetched only when a browser without
 * native HLS plays an HLS source. Component tests replace this module at this boundary.
 */
export async function loadHls(): Promise<HlsClass> {
  return (await import('hls.js/light')).default;
}
