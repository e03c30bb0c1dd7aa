import type { ShowStatus } from './show-status.ts';

/**
 * Live control events of a show (001 §4 "Live control events"), sent by the
 * organiser and published on `show-events/{show}`.
 */
export const SHOW_EVENT_STATUSES = ['start', 'restart', 'issues', 'curtain', 'end'] as const;
export type ShowEventStatus = (typeof SHOW_EVENT_STATUSES)[number];

/** What a curtain shows: a message card (two texts) or a video played in a loop. */
export const CURTAIN_TYPES = ['static', 'video'] as const;
export type CurtainType = (typeof CURTAIN_TYPES)[number];

type StatusInput = ShowStatus | (string & {});

/**
 * A draft is not public yet (its channel is not either), and a closed or
 * cancelled show is over: the organiser reopens it with PUT …/status first.
 */
const NO_LIVE_CONTROL: ReadonlySet<string> = new Set<ShowStatus>(['NEW', 'CLOSED', 'CANCELLED']);

export function acceptsLiveEvents(status: StatusInput): boolean {
  return !NO_LIVE_CONTROL.has(status);
}

/**
 * A show on the air, or rehearsing, uses its live-video channel: its players
 * play the stream (decision 0059). Its channel cannot be deleted meanwhile.
 */
export const ON_AIR_STATUSES = ['STARTED', 'LIVE', 'TEST'] as const satisfies readonly ShowStatus[];

/** Before the stream: `start` puts these on the air (LIVE plays for ticket holders and opens the chat). */
const GOES_LIVE_ON_START: ReadonlySet<string> = new Set<ShowStatus>(['SOON', 'ACTIVE', 'STARTED']);
/** On the air: `end` takes these off it. */
const ENDS_ON_END: ReadonlySet<string> = new Set<ShowStatus>(['LIVE', 'STARTED']);

/**
 * The show's status after a live event (docs/decisions/0024-live-control.md).
 * `start` and `restart` make a show that was waiting LIVE; `end` makes a live
 * show REPLAY when it stays on demand (`settings.vod`), else CLOSED ("Este
 * evento ha terminado", 000 §4). TEST (a rehearsal), REPLAY and HIDDEN never
 * move, nor does anything on `issues` or `curtain`.
 */
export function showStatusAfterLiveEvent(
  status: ShowStatus,
  event: ShowEventStatus,
  options: { vod: boolean },
): ShowStatus {
  if ((event === 'start' || event === 'restart') && GOES_LIVE_ON_START.has(status)) return 'LIVE';
  if (event === 'end' && ENDS_ON_END.has(status)) return options.vod ? 'REPLAY' : 'CLOSED';
  return status;
}

/** `issues` changes nothing a player shows (001 §4: ignored), so it is never the current state. */
export function changesPlayerState(event: ShowEventStatus): boolean {
  return event !== 'issues';
}

/** What a player shows, as far as live control decides it. */
export interface LivePlayerState {
  /** The curtain covering the video, or null. */
  curtain: { type: CurtainType } | null;
  ended: boolean;
  /**
   * What to do with the video: `play` loads the default or selected source,
   * `reload` clears it first, `stop` stops it and resets its progress, `keep`
   * leaves it as it is.
   */
  video: 'play' | 'reload' | 'stop' | 'keep';
}

export const INITIAL_LIVE_PLAYER_STATE: LivePlayerState = {
  curtain: null,
  ended: false,
  video: 'keep',
};

/**
 * A player's reaction to one event (001 §4): start loads the video, restart
 * reloads it, both clear the curtain and the ended flag; issues is ignored; a
 * curtain covers the video (its video loops, or its message shows); end
 * clears the curtain, stops the video and shows the ended screen.
 */
export function applyLiveEvent(
  state: LivePlayerState,
  event: ShowEventStatus,
  curtain: { type: CurtainType } | null = null,
): LivePlayerState {
  switch (event) {
    case 'start':
      return { curtain: null, ended: false, video: 'play' };
    case 'restart':
      return { curtain: null, ended: false, video: 'reload' };
    case 'issues':
      return state;
    case 'curtain':
      return { ...state, curtain: curtain ?? { type: 'static' }, video: 'keep' };
    case 'end':
      return { curtain: null, ended: true, video: 'stop' };
  }
}
