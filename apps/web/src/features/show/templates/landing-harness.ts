import type { Show, ShowChannel, Ticket, ViewerShowAccess } from '@taquilla/contract';
import { buildShow, jsonResponse } from '../../../test/show-factory';
import { buildCurrentSession, buildUser, error, stubGateway } from '../../../test/session-factory';
import type { Handler } from '../../../test/session-factory';

/*
 * The landing templates through the real route table (test/session-factory's
 * renderRoute) over a stubbed gateway: GET /shows/{id or path}, GET /shows?…, GET
 * /shows/showChannels/{id} and GET /shows/{id}/tickets, as the API answers them.
 */

export function landingShow(
  overrides: Partial<Show> = {},
  settings: Partial<Show['settings']> = {},
): Show {
  const base = buildShow(overrides);
  return { ...base, settings: { ...base.settings, ...settings } };
}

export type ChannelChild = ShowChannel['children'][number];

export function channelChild(
  show: Show,
  extra: { access?: ViewerShowAccess | null; tickets?: Ticket[] } = {},
): ChannelChild {
  return { show, access: extra.access ?? null, tickets: extra.tickets ?? [] };
}

export function accessWithCode(code: string, expiresOn: string | null = null): ViewerShowAccess {
  return {
    _id: `viewer-show-${code}`,
    ticket: { fullname: 'Boleto virtual' },
    payment_info: { request_code: null, code, expires_on: expiresOn },
  };
}

export const signedInSession = buildCurrentSession(buildUser({ fullname: 'Ana López' }));

type Landing = {
  shows: Show[];
  /** Children of GET /shows/showChannels/{id} by channel id. */
  channels?: Record<string, ChannelChild[]>;
  /** Items of GET /shows?producer=… by producer id. */
  producers?: Record<string, Show[]>;
  isSignedIn?: boolean;
  extra?: Record<string, Handler>;
};

export function stubLanding({
  shows,
  channels = {},
  producers = {},
  isSignedIn = false,
  extra = {},
}: Landing) {
  const find = (key: string) =>
    shows.find((candidate) => candidate._id === key || candidate.path === key);
  const segment = (url: URL, index: number) => decodeURIComponent(url.pathname.split('/')[index]!);
  return stubGateway({
    ...(isSignedIn ? { 'GET /auth/session': () => jsonResponse(200, signedInSession) } : {}),
    'GET /shows/:id': ({ url }) => {
      const show = find(segment(url, 2));
      return show ? jsonResponse(200, show) : error(404, 'SHOW_NOT_FOUND', 'El evento no existe');
    },
    'GET /shows': ({ url }) =>
      jsonResponse(200, { items: producers[url.searchParams.get('producer') ?? ''] ?? [] }),
    'GET /shows/showChannels/:id': ({ url }) => {
      const show = find(segment(url, 3));
      if (!show) return error(404, 'SHOW_NOT_FOUND', 'El evento no existe');
      return jsonResponse(200, { ...show, children: channels[show._id] ?? [] });
    },
    'GET /shows/:id/tickets': () => jsonResponse(200, { items: [] }),
    ...extra,
  });
}
