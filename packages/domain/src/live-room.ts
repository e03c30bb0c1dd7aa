import { arePollsEnabled, isChatVisible } from './chat.ts';
import { acceptsLiveEvents, showStatusAfterLiveEvent } from './live-events.ts';
import type { ShowStatus } from './show-status.ts';

// What the console's live control room can do for a show in a given status
// (docs/decisions/0059-console-order-figures-and-live-room-actions.md). Each rule is the one the API
// applies, so a button the room enables is one the server accepts.

type StatusInput = ShowStatus | (string & {});
type RoomSettings = { vod?: boolean | null; chat_visible?: boolean | null; polls?: boolean | null };

/** Why live events cannot be sent: the statuses `acceptsLiveEvents` refuses (409 LIVE_EVENT_NOT_ALLOWED). */
export type LiveEventsBlock = 'draft' | 'over' | 'cancelled';

export function liveEventsBlock(status: StatusInput): LiveEventsBlock | null {
  if (acceptsLiveEvents(status)) return null;
  if (status === 'NEW') return 'draft';
  return status === 'CANCELLED' ? 'cancelled' : 'over';
}

/**
 * The chat's state for the organiser: open; closed until Iniciar puts the show
 * on the air; closed by the show's settings (on demand, or chat hidden); or
 * closed by a status Iniciar cannot change (a draft, a finished or cancelled
 * show, a replay, a hidden show).
 */
export type ChatState = 'open' | 'opens-on-start' | 'off-by-settings' | 'closed-by-status';

export function chatStateOf(status: StatusInput, settings: RoomSettings): ChatState {
  if (isChatVisible(status, settings)) return 'open';
  if (!isChatVisible('LIVE', settings)) return 'off-by-settings';
  const afterStart = acceptsLiveEvents(status)
    ? showStatusAfterLiveEvent(status as ShowStatus, 'start', { vod: settings.vod === true })
    : status;
  return isChatVisible(afterStart, settings) ? 'opens-on-start' : 'closed-by-status';
}

/** A poll can be activated only when the show's settings enable polls (POLLS_DISABLED otherwise). */
export function canActivatePolls(settings: RoomSettings): boolean {
  return arePollsEnabled(settings);
}
