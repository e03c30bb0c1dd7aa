import { describe, expect, it } from 'vitest';
import { canActivatePolls, chatStateOf, liveEventsBlock } from './live-room.ts';
import { SHOW_STATUSES } from './show-status.ts';
import { acceptsLiveEvents } from './live-events.ts';

describe('the live room’s actions by show status', () => {
  it('blocks live events exactly where the API refuses them, saying why', () => {
    expect(liveEventsBlock('NEW')).toBe('draft');
    expect(liveEventsBlock('CLOSED')).toBe('over');
    expect(liveEventsBlock('CANCELLED')).toBe('cancelled');
    for (const status of SHOW_STATUSES) {
      expect(liveEventsBlock(status) === null).toBe(acceptsLiveEvents(status));
    }
  });

  it('says Iniciar opens the chat only where it does', () => {
    expect(chatStateOf('LIVE', {})).toBe('open');
    expect(chatStateOf('TEST', {})).toBe('open');
    expect(chatStateOf('ACTIVE', {})).toBe('opens-on-start');
    expect(chatStateOf('SOON', {})).toBe('opens-on-start');
    expect(chatStateOf('NEW', {})).toBe('closed-by-status');
    expect(chatStateOf('CLOSED', {})).toBe('closed-by-status');
    expect(chatStateOf('REPLAY', {})).toBe('closed-by-status');
    expect(chatStateOf('ACTIVE', { vod: true })).toBe('off-by-settings');
    expect(chatStateOf('LIVE', { chat_visible: false })).toBe('off-by-settings');
  });

  it('lets a poll be activated only when the show enables polls', () => {
    expect(canActivatePolls({ polls: true })).toBe(true);
    expect(canActivatePolls({})).toBe(false);
  });
});
