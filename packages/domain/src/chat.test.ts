import { describe, expect, it } from 'vitest';
import {
  CHAT_MESSAGE_MAX_LENGTH,
  arePollsEnabled,
  chatHeight,
  formatPollPercent,
  isChatVisible,
  normalizeChatMessage,
  pollResults,
} from './chat.ts';
import { SHOW_STATUSES } from './show-status.ts';

describe('chat visibility (001 §4)', () => {
  it('opens only in LIVE and TEST', () => {
    expect(SHOW_STATUSES.filter((status) => isChatVisible(status, {}))).toEqual(['LIVE', 'TEST']);
  });

  it('stays closed for on-demand shows and when chat_visible is false', () => {
    expect(isChatVisible('LIVE', { vod: true })).toBe(false);
    expect(isChatVisible('LIVE', { chat_visible: false })).toBe(false);
    expect(isChatVisible('TEST', { chat_visible: true, vod: false })).toBe(true);
  });

  it('enables polls only when settings.polls is true', () => {
    expect(arePollsEnabled({ polls: true })).toBe(true);
    expect(arePollsEnabled({})).toBe(false);
    expect(arePollsEnabled({ polls: false })).toBe(false);
  });
});

describe('chat messages (001 §5)', () => {
  it('refuses empty and over-long messages, trims the rest', () => {
    expect(normalizeChatMessage('   ')).toBeNull();
    expect(normalizeChatMessage('  hola  ')).toBe('hola');
    expect(normalizeChatMessage('a'.repeat(CHAT_MESSAGE_MAX_LENGTH))).toHaveLength(500);
    expect(normalizeChatMessage('a'.repeat(CHAT_MESSAGE_MAX_LENGTH + 1))).toBeNull();
  });

  it('counts an emoji as one character', () => {
    expect(normalizeChatMessage('👏'.repeat(CHAT_MESSAGE_MAX_LENGTH))).not.toBeNull();
  });
});

describe('poll results (001 §3, §9)', () => {
  const options = [
    { id: 'a', text: 'Sí' },
    { id: 'b', text: 'No' },
    { id: 'c', text: 'Tal vez' },
  ];

  it('gives each option its count and its share to two decimals', () => {
    const { results, total } = pollResults(
      options,
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    );
    expect(total).toBe(3);
    expect(results).toEqual([
      { id: 'a', text: 'Sí', count: 1, percent: 33.33 },
      { id: 'b', text: 'No', count: 2, percent: 66.67 },
      { id: 'c', text: 'Tal vez', count: 0, percent: 0 },
    ]);
  });

  it('answers zero for every option before the first answer', () => {
    expect(pollResults(options, new Map()).results.map((r) => r.percent)).toEqual([0, 0, 0]);
  });

  it('formats a share with two decimals', () => {
    expect(formatPollPercent(50)).toBe('50.00 %');
    expect(formatPollPercent(33.33)).toBe('33.33 %');
  });
});

describe('chat height (001 §2)', () => {
  it('is 445 under 900 px and follows the width beside the video', () => {
    expect(chatHeight(899)).toBe(445);
    expect(chatHeight(1108)).toBe(406);
    expect(chatHeight(900)).toBe(Math.round((446 * 550) / 758 + 10 - 50));
  });
});
