import { applyLiveEvent } from '@taquilla/domain';
import type { LivePlayerState } from '@taquilla/domain';
import type { ShowEvent, ShowStatus } from '@taquilla/contract';

/*
 * What live control (001 §4 "Live control events", `show-events/{id}`) makes the player
 * show. The reaction to each event is the domain's (`applyLiveEvent`); this adds what a
 * page needs around it: the curtain's content, a key that makes the video load again,
 * whether the stream is on the air yet, and which event was the last one applied.
 */

export type Curtain =
  | { type: 'static'; message1: string; message2: string | null }
  | { type: 'video'; videoUrl: string; mediaType: string | null };

export type LiveView = {
  curtain: Curtain | null;
  ended: boolean;
  /** Changes whenever the video must be loaded again from the start (start after an end, restart). */
  videoKey: number;
  /** False while a code show waits for its `start` (its status alone does not put it on the air). */
  isOnAir: boolean;
  /** `created_at` of the last event applied: an older one (heard late) is ignored. */
  lastEventAt: string | null;
};

/** Statuses that are on the air without waiting for a `start` (those ticket holders play in). */
const ON_AIR_STATUSES: ReadonlySet<ShowStatus> = new Set(['STARTED', 'LIVE', 'REPLAY', 'TEST']);

export function initialLiveView(status: ShowStatus): LiveView {
  return {
    curtain: null,
    ended: false,
    videoKey: 0,
    isOnAir: ON_AIR_STATUSES.has(status),
    lastEventAt: null,
  };
}

function curtainOf(metadata: ShowEvent['data']['metadata']): Curtain {
  if (metadata?.type === 'video' && metadata.video_url) {
    return { type: 'video', videoUrl: metadata.video_url, mediaType: metadata.media_type ?? null };
  }
  return {
    type: 'static',
    message1: metadata?.message1 ?? '',
    message2: metadata?.message2 ?? null,
  };
}

/**
 * One event heard on the channel (`joinedLate` false) or read from
 * GET /shows/{id}/events/current when the page opens or the socket comes back (true).
 * A late `end` of a show now on demand (REPLAY) is not applied: the show ended live and
 * stays available, so someone opening it later watches it instead of the ended screen.
 */
export function applyShowEvent(
  view: LiveView,
  event: ShowEvent,
  options: { joinedLate: boolean; status: ShowStatus },
): LiveView {
  const { status, metadata, created_at } = event.data;
  if (view.lastEventAt !== null && created_at <= view.lastEventAt) return view;
  const seen = { ...view, lastEventAt: created_at };
  if (options.joinedLate && status === 'end' && options.status === 'REPLAY') return seen;

  const before: LivePlayerState = {
    curtain: view.curtain ? { type: view.curtain.type } : null,
    ended: view.ended,
    video: 'keep',
  };
  const curtain = status === 'curtain' ? curtainOf(metadata) : null;
  const after = applyLiveEvent(before, status, curtain ? { type: curtain.type } : null);
  const mustReload =
    !options.joinedLate && (after.video === 'reload' || (after.video === 'play' && view.ended));
  return {
    ...seen,
    curtain: after.curtain ? (curtain ?? view.curtain) : null,
    ended: after.ended,
    videoKey: mustReload ? view.videoKey + 1 : view.videoKey,
    isOnAir: view.isOnAir || status === 'start' || status === 'restart',
  };
}
