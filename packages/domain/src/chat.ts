import type { ShowStatus } from './show-status.ts';

// Chat, polls and presence beside the player (001 §2, §4 "Chat visibility", "Chat and
// poll behaviour", §5, §9). Decisions: docs/decisions/0026-chat-polls-devices.md.

/** 001 §4, §9: the last 100 messages load when the chat starts. */
export const CHAT_HISTORY_LIMIT = 100;
/** Longest chat message, in characters (after trimming). */
export const CHAT_MESSAGE_MAX_LENGTH = 500;
/** Per viewer and show: messages allowed in each window. */
export const CHAT_RATE_LIMIT = { limit: 5, windowSeconds: 10 } as const;
/** 001 §7, §9: the player pushes a presence record every 180000 ms (3 minutes). */
export const PRESENCE_INTERVAL_MS = 180_000;
/** A poll has between two and ten options. */
export const POLL_MIN_OPTIONS = 2;
export const POLL_MAX_OPTIONS = 10;

type StatusInput = ShowStatus | (string & {});

const CHAT_STATUSES: ReadonlySet<string> = new Set<ShowStatus>(['LIVE', 'TEST']);

/**
 * 001 §4 "Chat visibility": the chat shows when the status is LIVE or TEST, the show is
 * not on demand (`settings.vod`), and `settings.chat_visible` is true when defined.
 */
export function isChatVisible(
  status: StatusInput,
  settings: { vod?: boolean | null; chat_visible?: boolean | null },
): boolean {
  if (!CHAT_STATUSES.has(status)) return false;
  if (settings.vod === true) return false;
  return settings.chat_visible !== false;
}

/** 001 §4: "Polls enabled by settings.polls". */
export function arePollsEnabled(settings: { polls?: boolean | null }): boolean {
  return settings.polls === true;
}

/** A chat message as typed: trimmed; empty or past the limit is refused (001 §5). */
export function normalizeChatMessage(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '' || [...trimmed].length > CHAT_MESSAGE_MAX_LENGTH) return null;
  return trimmed;
}

export interface PollResult {
  id: string;
  text: string;
  count: number;
  /** Share of all answers, 0 to 100, two decimals (001 §4, §9). */
  percent: number;
}

/**
 * A poll's results (001 §3 `results[{id, text, count, percent}]`): every option in its
 * order, its answers, and its share of all answers rounded to two decimals. With no
 * answers every share is 0.
 */
export function pollResults(
  options: readonly { id: string; text: string }[],
  counts: ReadonlyMap<string, number>,
): { results: PollResult[]; total: number } {
  const total = options.reduce((sum, option) => sum + (counts.get(option.id) ?? 0), 0);
  const results = options.map((option) => {
    const count = counts.get(option.id) ?? 0;
    const percent = total === 0 ? 0 : Math.round((count * 10_000) / total) / 100;
    return { id: option.id, text: option.text, count, percent };
  });
  return { results, total };
}

/** A percent as the poll pane shows it: two decimals (`33.33 %`). */
export function formatPollPercent(percent: number): string {
  return `${percent.toFixed(2)} %`;
}

/**
 * 001 §2: desktop chat height from the window's width, `446 * (width - 350) / 758 + 10`,
 * minus 50 from 900 px (chat beside the video); narrow windows (chat stacked under the
 * video) use 445.
 */
export function chatHeight(windowWidth: number): number {
  if (windowWidth < 900) return 445;
  return Math.round((446 * (windowWidth - 350)) / 758 + 10 - 50);
}
