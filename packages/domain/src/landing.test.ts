import { describe, expect, it } from 'vitest';
import {
  ENTRY_TOO_EARLY_MESSAGE,
  LANDING_TEMPLATES,
  NO_TICKET_MESSAGE,
  defaultPodcastSeason,
  hasLandingPlayOverlay,
  isFilmPageShown,
  isListedOnLanding,
  isListedOnProducerPage,
  isReservedPath,
  isValidDpi,
  landingEntry,
  landingTemplateOf,
  listsChildren,
  podcastSeasons,
  showsEnterButton,
  showsWatchLink,
} from './landing.ts';
import { SHOW_STATUSES } from './show-status.ts';
import type { ShowStatus } from './show-status.ts';

const where = (predicate: (status: ShowStatus) => boolean) => SHOW_STATUSES.filter(predicate);

describe('landing template of a show', () => {
  it('is the setting when it names a template, else the generic show landing', () => {
    expect(landingTemplateOf({ landing: { template: 'podcast' } })).toBe('podcast');
    expect(landingTemplateOf({ landing: { template: 'karaoke' } })).toBe('show');
    expect(landingTemplateOf({})).toBe('show');
    expect(landingTemplateOf({ landing: null })).toBe('show');
  });

  it('names fifteen templates, six of which list children', () => {
    expect(LANDING_TEMPLATES).toHaveLength(15);
    expect(LANDING_TEMPLATES.filter(listsChildren)).toEqual([
      'channel',
      'series',
      'podcast',
      'artist',
      'festival',
      'lineup',
    ]);
  });
});

describe('children listed per template (001 §2, 002 §4)', () => {
  it('generic channel, festivals and lineup: ACTIVE, SOON, LIVE, REPLAY', () => {
    for (const template of ['channel', 'festival', 'lineup'] as const) {
      expect(where((s) => isListedOnLanding(template, s))).toEqual([
        'SOON',
        'ACTIVE',
        'LIVE',
        'REPLAY',
      ]);
    }
  });

  it('series adds HIDDEN; artist and podcast add TEST', () => {
    expect(where((s) => isListedOnLanding('series', s))).toEqual([
      'SOON',
      'ACTIVE',
      'LIVE',
      'HIDDEN',
      'REPLAY',
    ]);
    for (const template of ['artist', 'podcast'] as const) {
      expect(where((s) => isListedOnLanding(template, s))).toEqual([
        'SOON',
        'ACTIVE',
        'LIVE',
        'TEST',
        'REPLAY',
      ]);
    }
  });

  it('templates without children list none', () => {
    for (const template of ['show', 'film', 'cast', 'gallery', 'seminar', 'telethon'] as const) {
      expect(where((s) => isListedOnLanding(template, s))).toEqual([]);
    }
  });

  it('producer page: ACTIVE, SOON, LIVE, REPLAY', () => {
    expect(where(isListedOnProducerPage)).toEqual(['SOON', 'ACTIVE', 'LIVE', 'REPLAY']);
  });
});

describe('play overlay per template', () => {
  it('needs a video and ACTIVE, LIVE or REPLAY; TEST only on artist and podcast', () => {
    const overlay = (template: 'series' | 'podcast' | 'channel', status: ShowStatus) =>
      hasLandingPlayOverlay(template, { status, has_video: true });
    expect(where((s) => overlay('series', s))).toEqual(['ACTIVE', 'LIVE', 'REPLAY']);
    expect(where((s) => overlay('channel', s))).toEqual(['ACTIVE', 'LIVE', 'REPLAY']);
    expect(where((s) => overlay('podcast', s))).toEqual(['ACTIVE', 'LIVE', 'TEST', 'REPLAY']);
  });

  it('never without a video, never on a template without children', () => {
    expect(hasLandingPlayOverlay('podcast', { status: 'LIVE', has_video: false })).toBe(false);
    expect(hasLandingPlayOverlay('podcast', { status: 'LIVE', video_url: ' ' })).toBe(false);
    expect(hasLandingPlayOverlay('film', { status: 'LIVE', has_video: true })).toBe(false);
  });
});

describe('entering from a landing or film page (002 §4, §8)', () => {
  it('enters only when STARTED, LIVE or REPLAY with access', () => {
    expect(where((status) => landingEntry({ status, hasAccess: true }).kind === 'enter')).toEqual([
      'STARTED',
      'LIVE',
      'REPLAY',
    ]);
  });

  it('too early says so whatever the ticket; then a missing ticket asks for one', () => {
    expect(landingEntry({ status: 'ACTIVE', hasAccess: false })).toEqual({
      kind: 'alert',
      message: ENTRY_TOO_EARLY_MESSAGE,
    });
    expect(landingEntry({ status: 'LIVE', hasAccess: false })).toEqual({
      kind: 'alert',
      message: NO_TICKET_MESSAGE,
    });
  });

  it('"Entrar" on a LIVE show, the gallery watch link on LIVE or REPLAY, films hidden when CLOSED', () => {
    expect(where(showsEnterButton)).toEqual(['LIVE']);
    expect(where(showsWatchLink)).toEqual(['LIVE', 'REPLAY']);
    expect(where((s) => !isFilmPageShown(s))).toEqual(['CLOSED']);
  });
});

describe('podcast seasons', () => {
  it("are the children's distinct seasons in order, the latest by default", () => {
    const seasons = podcastSeasons([
      { settings: { season: 2 } },
      { settings: { season: 1 } },
      { settings: {} },
      { settings: { season: 2 } },
    ]);
    expect(seasons).toEqual([1, 2]);
    expect(defaultPodcastSeason(seasons)).toBe(2);
    expect(defaultPodcastSeason([])).toBeNull();
  });
});

describe('vanity paths and DPI', () => {
  it("reserves the app's and the gateway's first segments", () => {
    for (const path of ['shows', 'admin', 'help', 'cookies', 'cart', 'viewers', 'storage']) {
      expect(isReservedPath(path)).toBe(true);
    }
    expect(isReservedPath('festival-de-cine-2027')).toBe(false);
  });

  it('a DPI is 13 digits between 1111111111111 and 9999999999999', () => {
    expect(isValidDpi('2456789010101')).toBe(true);
    expect(isValidDpi('1111111111110')).toBe(false);
    expect(isValidDpi('245678901010')).toBe(false);
    expect(isValidDpi('24567890101a1')).toBe(false);
    expect(isValidDpi('24567890101011')).toBe(false);
  });
});
