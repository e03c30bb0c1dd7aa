import { describe, expect, it } from 'vitest';
import { STREAM_PLAYING, isLiveBroadcast, retryDelayMs, streamAfter } from './stream-reconnect';

describe('a live stream that ends or stalls (decision 0058)', () => {
  it('is a live broadcast only while the show is on the air with its own video', () => {
    expect(isLiveBroadcast('LIVE', null)).toBe(true);
    expect(isLiveBroadcast('STARTED', null)).toBe(true);
    expect(isLiveBroadcast('TEST', null)).toBe(true);
    expect(isLiveBroadcast('REPLAY', null)).toBe(false);
    expect(isLiveBroadcast('CLOSED', null)).toBe(false);
    expect(isLiveBroadcast('LIVE', 'episodio-1')).toBe(false);
  });

  it('waits, tries again and is playing once the video plays', () => {
    const waiting = streamAfter(STREAM_PLAYING, 'interrupted');
    expect(waiting).toEqual({ phase: 'waiting', attempt: 1, retries: 0 });
    // A second report of the same interruption does not count twice.
    expect(streamAfter(waiting, 'interrupted')).toBe(waiting);
    const retrying = streamAfter(waiting, 'retry');
    expect(retrying).toEqual({ phase: 'retrying', attempt: 1, retries: 1 });
    expect(streamAfter(retrying, 'playing')).toEqual({ phase: 'playing', attempt: 0, retries: 1 });
  });

  it('counts the tries that fail, so the waits grow', () => {
    let state = STREAM_PLAYING;
    for (let i = 0; i < 3; i += 1) state = streamAfter(streamAfter(state, 'interrupted'), 'retry');
    expect(state).toEqual({ phase: 'retrying', attempt: 3, retries: 3 });
    expect(streamAfter(state, 'interrupted').attempt).toBe(4);
  });

  it('ignores a retry that is not due', () => {
    expect(streamAfter(STREAM_PLAYING, 'retry')).toBe(STREAM_PLAYING);
  });

  it('backs off from one second to at most thirty', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelayMs)).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });
});
