import {
  areSalesShown,
  autoSelectedPaymentMethod,
  availablePaymentMethods,
  isExternalQuickbuy,
  isPaid,
  landingTemplateOf,
  sellsBySeatMap,
} from '@taquilla/domain';
import type { LandingTemplate } from '@taquilla/domain';
import type { EndpointRoute } from './endpoint-route.ts';
// The zod-free routes (decision 0070): the SPA builds its first calls here.
import { authEndpoints, endpoints } from './routes.ts';
import type { Show } from './shows.ts';
import type { PaymentType } from './tickets.ts';

/*
 * The first GET calls of the public pages, shared by the SPA (its hooks build their
 * calls here) and the API (which answers them ahead, inside the page's HTML): both
 * sides derive a call's key from the same function, so an embedded answer is found
 * by the very call it stands for (docs/decisions/0072-page-data-in-the-html.md).
 */

/** A query value as the client sends it; a list goes comma-separated (`status=LIVE,REPLAY`). */
export type QueryValue =
  string | number | boolean | null | undefined | readonly (string | number)[];

/**
 * The path and query string of a call exactly as the SPA requests it: path parameters
 * filled and URI-encoded, query parameters in the given order, empty ones left out.
 */
export function endpointUrl(
  path: string,
  params: Readonly<Record<string, string | number>> = {},
  query: Readonly<Record<string, QueryValue>> = {},
): string {
  const filledPath = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, key: string) => {
    const value = params[key];
    if (value === undefined || value === '') {
      throw new TypeError(`Missing path parameter "${key}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    // The gateway reads lists as comma-separated values (`status=LIVE,REPLAY`).
    search.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const queryString = search.toString();
  return `${filledPath}${queryString ? `?${queryString}` : ''}`;
}

/** The id of the page's `<script type="application/json">` holding its answers. */
export const PAGE_DATA_ELEMENT_ID = 'page-data';

/** The key of an answer in the page's data: the method and the URL as requested. */
export function pageDataKey(method: string, url: string): string {
  return `${method} ${url}`;
}

/** One call of a page, as the SPA makes it. */
export interface PageCall {
  endpoint: EndpointRoute;
  input: {
    params?: Readonly<Record<string, string>>;
    query?: Readonly<Record<string, QueryValue>>;
  };
}

export function pageCallKey(call: PageCall): string {
  return pageDataKey(
    call.endpoint.method,
    endpointUrl(call.endpoint.path, call.input.params, call.input.query),
  );
}

// ── The calls ───────────────────────────────────────────────────────────────

/** Every way a paid show sells (000 §7), for the important-information ticket list. */
export const PAID_SHOW_PAYMENT_TYPES: readonly PaymentType[] = [
  'CREDIT_CARD',
  'REGISTRATION',
  'BANK_DEPOSIT',
  'ACCOUNT_BANK_DEPOSIT',
];
export const UNPAID_SHOW_PAYMENT_TYPES: readonly PaymentType[] = ['REGISTRATION'];
export const CARD_PAYMENT_TYPES: readonly PaymentType[] = ['CREDIT_CARD'];
export const DEPOSIT_PAYMENT_TYPES: readonly PaymentType[] = [
  'BANK_DEPOSIT',
  'ACCOUNT_BANK_DEPOSIT',
];

/** The home page's lists (000 §7). */
export const homeShowCalls = {
  /** The featured show(s) of the hero, soonest first. */
  billboard: { endpoint: endpoints.listShows, input: { query: { sort: '1', billboard: '1' } } },
  /** Upcoming and running shows, soonest first. */
  upcoming: { endpoint: endpoints.listShows, input: { query: { sort: '1' } } },
  /** On-demand shows ("Contenido digital"), latest first. */
  digital: {
    endpoint: endpoints.listShows,
    input: { query: { filter: 'ALL', sort: '-1', vod: '1', status: 'ACTIVE,REPLAY,SOON' } },
  },
  /** Shows that have ended, latest first. */
  past: { endpoint: endpoints.listShows, input: { query: { filter: 'PAST', sort: '-1' } } },
} as const satisfies Record<string, PageCall>;

/** GET /auth/session: who is signed in (every page asks at start-up). */
export const sessionCall = {
  endpoint: authEndpoints.getSession,
  input: {},
} as const satisfies PageCall;

/** GET /shows/{id}: `id` is the show's `_id` or its vanity path (002 §2.2). */
export function showCall(id: string) {
  return { endpoint: endpoints.getShow, input: { params: { id } } } as const;
}

/** GET /shows/{showId}/tickets?paymentType=A|B: visible tickets with real availability. */
export function showTicketsCall(showId: string, paymentTypes: readonly PaymentType[]) {
  return {
    endpoint: endpoints.listTickets,
    input: { params: { id: showId }, query: { paymentType: paymentTypes.join('|') } },
  } as const;
}

/** The funciones of a show with several dates: its current child shows, hidden ones too. */
export function showDatesCall(parentId: string) {
  return {
    endpoint: endpoints.listShows,
    input: { query: { parent: parentId, filter: 'CURRENT', visible: '-1' } },
  } as const;
}

/** Every child of a festival, past and hidden ones too (002 §7). */
export function childShowsCall(parentId: string) {
  return {
    endpoint: endpoints.listShows,
    input: { query: { parent: parentId, filter: 'ALL', visible: '-1' } },
  } as const;
}

/** A producer page's shows (002 §2.8, §7). */
export function producerShowsCall(producerId: string) {
  return {
    endpoint: endpoints.listShows,
    input: { query: { producer: producerId, visible: '1' } },
  } as const;
}

/** GET /shows/{id}/map: a child date answers with its parent's map. */
export function showMapCall(showId: string) {
  return { endpoint: endpoints.getShowMap, input: { params: { id: showId } } } as const;
}

/** GET /shows/showChannels/{id}, with `viewer` for a signed-in viewer (002 §7). */
export function showChannelCall(showId: string, viewerId: string | null) {
  return {
    endpoint: endpoints.getShowChannel,
    input: { params: { id: showId }, query: viewerId ? { viewer: viewerId } : {} },
  } as const;
}

// ── What a page asks first ──────────────────────────────────────────────────

/** The address of a show page as the SPA's router reads it (decision 0036). */
export type ShowAddress = { id: string } | { path: string; sub?: string };

/** GET / asks for the home page's four lists. */
export function homePageCalls(): PageCall[] {
  return Object.values(homeShowCalls);
}

/** A show page first reads its address: the show, or a festival and its film. */
export function showAddressCalls(address: ShowAddress): PageCall[] {
  if ('id' in address) return [showCall(address.id)];
  if (address.sub === undefined) return [showCall(address.path)];
  return [showCall(address.path), showCall(address.sub)];
}

const INFO_CARD_TEMPLATES: ReadonlySet<LandingTemplate> = new Set(['show', 'registration']);
const SALE_TEMPLATES: ReadonlySet<LandingTemplate> = new Set(['show', 'telethon', 'film']);
const CHANNEL_TEMPLATES: ReadonlySet<LandingTemplate> = new Set([
  'channel',
  'series',
  'podcast',
  'artist',
]);
const CHILD_LIST_TEMPLATES: ReadonlySet<LandingTemplate> = new Set(['festival', 'lineup']);

/** What the sale box (PurchaseSection) reads before the buyer chooses anything. */
function saleCalls(show: Show): PageCall[] {
  if (!areSalesShown(show.status) || !isPaid(show.paid)) return [];
  const method = autoSelectedPaymentMethod(availablePaymentMethods(show.settings));
  if (method === 'CARD') {
    if (show.settings.has_show_dates) return [showDatesCall(show._id)];
    if (sellsBySeatMap(show.settings)) {
      return [showMapCall(show._id), showTicketsCall(show._id, CARD_PAYMENT_TYPES)];
    }
    return [showTicketsCall(show._id, CARD_PAYMENT_TYPES)];
  }
  if (method === 'DEPOSIT' && isExternalQuickbuy(show.settings)) {
    return [showTicketsCall(show._id, DEPOSIT_PAYMENT_TYPES)];
  }
  return [];
}

/**
 * The calls a resolved show page makes on its first view, by its template: the ticket
 * list of "Información importante", the sale box, a channel's children (with `viewer`
 * for a signed-in viewer, as ChannelLoader asks), a festival's films (a film's page lists
 * its festival's other films), a producer's shows.
 */
export function showLandingCalls(show: Show, viewerId: string | null): PageCall[] {
  const template = landingTemplateOf(show.settings);
  const calls: PageCall[] = [];
  if (INFO_CARD_TEMPLATES.has(template)) {
    const types = isPaid(show.paid) ? PAID_SHOW_PAYMENT_TYPES : UNPAID_SHOW_PAYMENT_TYPES;
    calls.push(showTicketsCall(show._id, types));
  }
  if (SALE_TEMPLATES.has(template)) calls.push(...saleCalls(show));
  if (CHANNEL_TEMPLATES.has(template)) calls.push(showChannelCall(show._id, viewerId));
  if (CHILD_LIST_TEMPLATES.has(template)) calls.push(childShowsCall(show._id));
  if (template === 'film' && show.parent_show_uid) {
    calls.push(childShowsCall(show.parent_show_uid));
  }
  if (template === 'producer') {
    calls.push(producerShowsCall(show.producer));
    for (const id of show.settings.landing?.featured ?? []) calls.push(showCall(id));
  }
  const byKey = new Map(calls.map((call) => [pageCallKey(call), call]));
  return [...byKey.values()];
}
