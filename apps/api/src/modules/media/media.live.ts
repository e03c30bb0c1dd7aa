import { stringify, types } from 'hls-parser';

/*
 * The demo's live test stream (decision 0058). A real test stream never ends: a live
 * playlist (no EXT-X-ENDLIST, no VOD type) whose window moves on every segment's
 * length. This one loops the demo clip's three 2-second segments on the wall clock, so
 * every player sees the same "now", and marks each restart of the clip as a
 * discontinuity (its timestamps start again) as RFC 8216 §4.3.2.3 asks.
 */

/** The clip's HLS segments, in order (apps/api/media/demo/README.md). */
export const DEMO_LIVE_SEGMENTS = [
  'taquilla-demo-0.ts',
  'taquilla-demo-1.ts',
  'taquilla-demo-2.ts',
] as const;
const SEGMENT_SECONDS = 2;
/** Segments listed at once: players start three target durations from the live edge. */
const WINDOW = 5;

/** Each restart of the clip (every segment 0 but the very first) is one discontinuity. */
const discontinuitiesUpTo = (sequence: number) => Math.floor(sequence / DEMO_LIVE_SEGMENTS.length);

/** The live playlist as it stands at `now`: the last WINDOW segments of the loop. */
export function demoLivePlaylist(now: Date): string {
  const newest = Math.floor(now.getTime() / 1000 / SEGMENT_SECONDS);
  const first = Math.max(0, newest - WINDOW + 1);
  const segments = [];
  for (let sequence = first; sequence <= newest; sequence += 1) {
    const index = sequence % DEMO_LIVE_SEGMENTS.length;
    segments.push(
      new types.Segment({
        uri: DEMO_LIVE_SEGMENTS[index],
        duration: SEGMENT_SECONDS,
        mediaSequenceNumber: sequence,
        discontinuitySequence: discontinuitiesUpTo(sequence),
        // The first segment's discontinuity is carried by the sequence base instead.
        discontinuity: index === 0 && sequence !== first,
      }),
    );
  }
  return stringify(
    new types.MediaPlaylist({
      version: 3,
      targetDuration: SEGMENT_SECONDS,
      mediaSequenceBase: first,
      discontinuitySequenceBase: discontinuitiesUpTo(first),
      segments,
    }),
  );
}
