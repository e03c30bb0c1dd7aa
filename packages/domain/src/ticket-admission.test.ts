import { describe, expect, it } from 'vitest';
import { isVirtualShow, opensStream } from './ticket-admission.ts';

const THEATRE = { type: 'VENUE', venue: 'Teatro Nacional Miguel Ángel Asturias' };
const ONLINE = { type: 'ONLINE', venue: 'Online' };

describe('what a ticket code admits to', () => {
  it('reads a show as virtual by its "Online" venue or its ONLINE type', () => {
    expect(isVirtualShow(ONLINE)).toBe(true);
    expect(isVirtualShow({ type: 'VENUE', venue: ' online ' })).toBe(true);
    expect(isVirtualShow({ type: 'online', venue: 'Estudio 5' })).toBe(true);
    expect(isVirtualShow(THEATRE)).toBe(false);
  });

  it('opens the stream for an online ticket, even of an in-person show', () => {
    expect(opensStream('ONLINE', THEATRE)).toBe(true);
    expect(opensStream('ONLINE', ONLINE)).toBe(true);
  });

  it('never opens the stream for a place of a seat map', () => {
    for (const type of ['VENUE_SEAT', 'VENUE_TABLE_SEAT', 'VENUE_OPEN'] as const) {
      expect(opensStream(type, THEATRE)).toBe(false);
      expect(opensStream(type, ONLINE)).toBe(false);
    }
  });

  it('gives a general ticket the show’s own kind of admission', () => {
    expect(opensStream('GENERAL', ONLINE)).toBe(true);
    expect(opensStream('GENERAL', THEATRE)).toBe(false);
  });
});
