import type { Prisma } from '../../src/generated/prisma/client.ts';
import type { TestApp } from './app.ts';
import { TEST_PASSWORD, login } from './auth.ts';
import type { LoggedIn } from './auth.ts';
import { createShow, createUser, createViewerShow } from './factories.ts';

/** Addresses of DB-IP's database (the npm package the API ships): India and Guatemala. */
export const INDIA_IP = '49.36.0.1';
export const GUATEMALA_IP = '181.174.64.1';

export const VIDEO = {
  main: 'https://cdn.taquilla.test/vivo/principal.m3u8',
  es: 'https://cdn.taquilla.test/vivo/es.m3u8',
  en: 'https://cdn.taquilla.test/vivo/en.m3u8',
  item: 'https://cdn.taquilla.test/lista/uno.mp4',
  soon: 'https://cdn.taquilla.test/lista/pronto.mp4',
};

type ShowOverrides = Parameters<typeof createShow>[1];

/** A show with a video, in the given status, and settings on top of `settings`. */
export function createWatchShow(
  t: TestApp,
  overrides: ShowOverrides & { settings?: Prisma.InputJsonObject } = {},
) {
  return createShow(t.database.db, {
    status: 'LIVE',
    venue: 'Online',
    videoUrl: VIDEO.main,
    ...overrides,
  });
}

/** A live access code of `showId` (eight characters unless given), valid for a month. */
export function createAccessCode(
  t: TestApp,
  showId: string,
  overrides: Partial<Omit<Prisma.AccessCodeUncheckedCreateInput, 'showId'>> = {},
) {
  return t.database.db.accessCode.create({
    data: {
      code: 'ACCES234',
      expiresOn: new Date(Date.now() + 30 * 86_400_000),
      ...overrides,
      showId,
    },
  });
}

export interface Viewer extends LoggedIn {
  viewerId: string;
}

/** A viewer account with its viewer record, signed in. */
export async function signedInViewer(t: TestApp): Promise<Viewer> {
  const user = await createUser(t.database.db, {
    password: TEST_PASSWORD,
    roles: ['Viewer'],
    withViewer: true,
  });
  const session = await login(t, user.email, TEST_PASSWORD, 'Viewer');
  return { ...session, viewerId: user.viewer?.id as string };
}

/** `viewer` holds an activated ticket for `showId` with `code`, until `expiresOn` (null: no end). */
export function giveTicket(
  t: TestApp,
  viewer: Viewer,
  showId: string,
  code: string,
  expiresOn: Date | null = null,
) {
  return createViewerShow(t.database.db, { showId, viewerId: viewer.viewerId, code, expiresOn });
}

/** GET /shows/{id}/playback as the given caller, from the given forwarded address. */
export function playback(
  t: TestApp,
  showId: string,
  options: { code?: string; headers?: Record<string, string>; forwardedFor?: string } = {},
) {
  const query = options.code === undefined ? '' : `?code=${encodeURIComponent(options.code)}`;
  return t.app.inject({
    method: 'GET',
    url: `/shows/${showId}/playback${query}`,
    headers: {
      ...options.headers,
      ...(options.forwardedFor ? { 'x-forwarded-for': options.forwardedFor } : {}),
    },
  });
}

/** The error answer of a refused call, as `{ status, error, message }`. */
export function refusal(res: { statusCode: number; json: () => unknown }) {
  const body = res.json() as { error: string; message: string };
  return { status: res.statusCode, error: body.error, message: body.message };
}
