import type { ShowStatus } from '@taquilla/contract';

/*
 * The end of a media file is not the end of a broadcast (decision 0058). While a show
 * is on the air live, its stream ending, failing or stalling is an interruption: the
 * player says "Reconectando…" and tries again, waiting longer each time; only the
 * organiser's `end` event or the show's status ends it. An on-demand video (REPLAY, a
 * playlist item) plays to its end as 001 §4 says, and the ended screen follows.
 */

/** Statuses whose own video is a live broadcast (TEST is a rehearsal of one). */
const LIVE_BROADCAST_STATUSES: ReadonlySet<ShowStatus> = new Set(['STARTED', 'LIVE', 'TEST']);

/** Whether what plays is the show's live broadcast, not an on-demand video. */
export function isLiveBroadcast(status: ShowStatus, playlistItemId: string | null): boolean {
  return playlistItemId === null && LIVE_BROADCAST_STATUSES.has(status);
}

/**
 * `playing`: the stream plays. `waiting`: it was interrupted and the next try is due
 * after `retryDelayMs(attempt)`. `retrying`: the video is loaded again and has not
 * played yet. `retries` counts the loads, so each one is a fresh video element.
 */
export type StreamState = {
  phase: 'playing' | 'waiting' | 'retrying';
  attempt: number;
  retries: number;
};

export type StreamSignal =
  /** The source ended, failed or stalled. */
  | 'interrupted'
  /** The wait is over: load it again. */
  | 'retry'
  /** The video plays (again). */
  | 'playing';

export const STREAM_PLAYING: StreamState = { phase: 'playing', attempt: 0, retries: 0 };

export function streamAfter(state: StreamState, signal: StreamSignal): StreamState {
  switch (signal) {
    case 'interrupted':
      return state.phase === 'waiting'
        ? state
        : { ...state, phase: 'waiting', attempt: state.attempt + 1 };
    case 'retry':
      return state.phase === 'waiting'
        ? { ...state, phase: 'retrying', retries: state.retries + 1 }
        : state;
    case 'playing':
      return state.phase === 'playing' && state.attempt === 0
        ? state
        : { ...state, phase: 'playing', attempt: 0 };
  }
}

const FIRST_RETRY_MS = 1_000;
const LONGEST_RETRY_MS = 30_000;

/** 1 s, 2 s, 4 s … up to 30 s between tries: a long outage costs little, a short one is brief. */
export function retryDelayMs(attempt: number): number {
  return Math.min(LONGEST_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.max(0, attempt - 1));
}

/** How long a live video may wait for data before it counts as stalled. */
export const STALL_MS = 10_000;
