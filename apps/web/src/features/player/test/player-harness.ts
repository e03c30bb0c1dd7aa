import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import type { Playback, Show, ShowEvent } from '@taquilla/contract';
import { buildShow, jsonResponse } from '../../../test/show-factory';
import { callsOf, error, renderRoute, stubGateway } from '../../../test/session-factory';
import type { Handler } from '../../../test/session-factory';

/*
 * The player over a stubbed gateway: GET /shows/{id}, GET /geo, GET
 * /shows/{id}/playback, GET /shows/{id}/events/current, POST /viewers/codes/validate
 * and POST /stats/shows/{id}/player, as the API answers them (decision 0022).
 */

export const SHOW_ID = '7d4c55a1-54a4-4c8e-9f3e-0c4b3a2f9b11';

export function playerShow(
  overrides: Partial<Show> = {},
  settings: Partial<Show['settings']> = {},
): Show {
  const base = buildShow({
    _id: SHOW_ID,
    fullname: 'Atardecer en Atitlán',
    status: 'LIVE',
    has_video: true,
    show_date: '2026-12-05T02:00:00.000Z',
    ...overrides,
  });
  return { ...base, settings: { ...base.settings, ...settings } };
}

export function buildPlayback(overrides: Partial<Playback> = {}): Playback {
  return {
    show_uid: SHOW_ID,
    status: 'LIVE',
    mode: 'ticket',
    code: 'ABC123',
    expires_on: null,
    video_url: '/media/demo/taquilla-demo.mp4',
    video_url_es: null,
    video_url_en: null,
    playlist: [],
    viewer_token: null,
    ...overrides,
  };
}

/** A refusal as the API words it (packages/contract ERRORS). */
export const refusal =
  (code: string, message: string, status = 403) =>
  () =>
    error(status, code, message);

export function showEvent(
  status: ShowEvent['data']['status'],
  createdAt: string,
  metadata?: ShowEvent['data']['metadata'],
): ShowEvent {
  return {
    event: 'statusChange',
    data: { type: 'status', status, created_at: createdAt, ...(metadata ? { metadata } : {}) },
  };
}

type PlayerApi = {
  show?: Show | null;
  playback?: Handler;
  current?: ShowEvent | null;
  validate?: Handler;
  extra?: Record<string, Handler>;
};

export function stubPlayerApi({
  show = playerShow(),
  playback,
  current = null,
  validate,
  extra = {},
}: PlayerApi = {}) {
  const fetchMock = stubGateway({
    'GET /shows/:id': () =>
      show ? jsonResponse(200, show) : error(404, 'SHOW_NOT_FOUND', 'El evento no existe'),
    'GET /geo': () =>
      jsonResponse(200, {
        country_code: 'GT',
        country_name: 'Guatemala',
        city: 'Guatemala City',
        ip: '190.56.0.1',
      }),
    'GET /shows/:id/playback': playback ?? (() => jsonResponse(200, buildPlayback())),
    'GET /shows/:id/events/current': () => jsonResponse(200, { show_uid: SHOW_ID, event: current }),
    'POST /viewers/codes/validate': validate ?? refusal('ACCESS_CODE_INVALID', 'Código Inválido'),
    'POST /stats/shows/:id/player': () => jsonResponse(201, { _id: 'stat-1' }),
    ...extra,
  });
  return {
    fetchMock,
    calls: () => callsOf(fetchMock),
    playbackQueries: () =>
      callsOf(fetchMock)
        .filter((call) => call.call.endsWith('/playback'))
        .map((call) => call.url.search),
  };
}

export function openPlayer(path = `/shows/${SHOW_ID}/player`) {
  return renderRoute(path);
}

/**
 * The page's video element (the stage's, or the curtain's), once the player has set it
 * up: its effect sets the volume (happy-dom starts at 1) before it gives the source.
 */
export async function findVideo(name = 'Atardecer en Atitlán'): Promise<HTMLVideoElement> {
  return waitFor(() => {
    const video = screen.getByLabelText(name, { selector: 'video' }) as HTMLVideoElement;
    expect(video.volume).toBe(0.8);
    return video;
  });
}

/** Clears the geo cookie a previous test cached. */
export function forgetGeo() {
  document.cookie = 'geo=; Max-Age=0; Path=/';
}
