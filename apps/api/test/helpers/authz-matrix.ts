import { randomBytes } from 'node:crypto';
import * as contract from '@taquilla/contract';
import type { EndpointDefinition } from '@taquilla/contract';
import { expect } from 'vitest';
import type { TestApp } from './app.ts';
import { TEST_PASSWORD, createOrganisers, login } from './auth.ts';
import type { LoggedIn, Organisers } from './auth.ts';
import { createUser } from './factories.ts';

/**
 * The object-level authorisation matrix (issue 13, decision 0046): one row per
 * route that takes an id. A row creates the object as its owner, names the
 * request to try, the strings of the object no refused answer may carry, and
 * how to read the object back; every caller of `CALLERS` is then refused and
 * changes nothing, and the owner's own request (the positive control) works.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Who tries someone else's object. */
export type CallerName =
  'otherViewer' | 'otherProducer' | 'anonymous' | 'strangerSession' | 'forgedSession';

export const CALLERS: readonly CallerName[] = [
  'otherViewer',
  'otherProducer',
  'anonymous',
  'strangerSession',
  'forgedSession',
];

export interface Person extends LoggedIn {
  viewerId: string;
  email: string;
}

/** Everybody a row needs: owners on both sides and the strangers. */
export interface World {
  t: TestApp;
  organisers: Organisers;
  /** The buyer who owns the buyer-side objects. */
  owner: Person;
  /** A second Viewer with a viewer of its own. */
  otherViewer: Person;
  /** A valid session of an unrelated account (no viewer, no producer), sent as the `sid` cookie. */
  stranger: LoggedIn;
}

export async function person(t: TestApp): Promise<Person> {
  const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
  const session = await login(t, user.email, TEST_PASSWORD, 'Viewer');
  return { ...session, viewerId: user.viewer?.id as string, email: user.email };
}

export async function createWorld(t: TestApp): Promise<World> {
  const organisers = await createOrganisers(t);
  const strangerUser = await createUser(t.database.db, { password: TEST_PASSWORD });
  return {
    t,
    organisers,
    owner: await person(t),
    otherViewer: await person(t),
    stranger: await login(t, strangerUser.email, TEST_PASSWORD, 'Viewer'),
  };
}

/** The headers each caller sends: Bearer, cookie, nothing, or a token nobody was given. */
export function callerHeaders(world: World, caller: CallerName): Record<string, string> {
  switch (caller) {
    case 'otherViewer':
      return world.otherViewer.headers;
    case 'otherProducer':
      return world.organisers.producerUserB.headers;
    case 'anonymous':
      return {};
    case 'strangerSession':
      // From a page of the site itself, as a browser sends it: the CSRF check
      // (decision 0043) lets it through, so what refuses it is authorisation.
      return { ...world.stranger.cookieHeaders, origin: new URL(world.t.config.PUBLIC_URL).origin };
    case 'forgedSession':
      return { authorization: `Bearer ${randomBytes(32).toString('base64url')}` };
  }
}

export interface Attempt {
  method: Method;
  url: string;
  payload?: object;
  /** Extra headers every caller sends (e.g. a cart's sessionID cookie the attacker guessed). */
  headers?: Record<string, string>;
}

/** What a refused caller gets, by kind of caller. */
export interface Refusals {
  /** A signed-in Viewer (the other viewer and the stranger session). */
  viewer: number;
  /** The other producer's account. */
  producer: number;
  /** No session, or a token that names none. */
  anonymous: number;
}

export const BUYER_REFUSALS: Refusals = { viewer: 403, producer: 403, anonymous: 401 };
/** Decision 0010: another organiser's object is "not found"; a Viewer is 403. */
export const ORGANISER_REFUSALS: Refusals = { viewer: 403, producer: 404, anonymous: 401 };

export interface Row<Ctx = unknown> {
  /** The contract's route, `METHOD /path/:param` (or a route outside the contract, e.g. `GET /storage/*`). */
  route: string;
  /** What this row tries, when a route has more than one row. */
  note?: string;
  setup: (w: World) => Promise<Ctx>;
  request: (ctx: Ctx, w: World) => Attempt;
  /** Values of the object (names, e-mails, codes) that no refused answer may contain. */
  secrets: (ctx: Ctx, w: World) => string[];
  /** The object as its owner or the database sees it, read before and after the attempts. */
  state?: (ctx: Ctx, w: World) => Promise<unknown>;
  refusals: Refusals;
  /** Overrides `refusals` per caller (a route whose convention differs for one of them). */
  refusedWith?: Partial<Record<CallerName, number>>;
  /** Judges a refused 2xx answer (the order's login prompt): must throw if it leaks. */
  refusedBody?: (body: unknown, ctx: Ctx) => void;
  /**
   * Callers beyond CALLERS, refused the same way (no secret, nothing changed):
   * producer A when the object is not A's although it holds a line of A's show
   * (an order that mixed producers before decision 0062).
   */
  alsoRefused?: {
    name: string;
    as: (ctx: Ctx, w: World) => Record<string, string>;
    status: number;
  }[];
  /** The owner's request: the status it gets (proves the row's request is the real one). */
  owner: {
    status: number;
    as: (ctx: Ctx, w: World) => Record<string, string>;
    /** When the owner reaches the object another way (a proof through its signed URL). */
    request?: (ctx: Ctx, w: World) => Promise<Attempt>;
    /** Judges the owner's answer where a status alone proves nothing (a list that finds it). */
    sees?: (body: unknown, ctx: Ctx) => void;
  };
}

/** A row of any object: its context type is checked where it is written, then erased. */
export type AnyRow = Row<unknown>;

export function row<Ctx>(r: Row<Ctx>): AnyRow {
  return r as unknown as AnyRow;
}

export function expectedRefusal(row: AnyRow, caller: CallerName): number {
  const given = row.refusedWith?.[caller];
  if (given !== undefined) return given;
  if (caller === 'otherProducer') return row.refusals.producer;
  if (caller === 'anonymous' || caller === 'forgedSession') return row.refusals.anonymous;
  return row.refusals.viewer;
}

async function send(world: World, attempt: Attempt, headers: Record<string, string>) {
  const merged = { ...attempt.headers, ...headers };
  if (attempt.headers?.cookie && headers.cookie) {
    merged.cookie = `${attempt.headers.cookie}; ${headers.cookie}`;
  }
  return world.t.app.inject({
    method: attempt.method,
    url: attempt.url,
    headers: merged,
    ...(attempt.payload ? { payload: attempt.payload } : {}),
  });
}

/** Runs one row for every caller, then the owner; answers how many callers were tried. */
export async function runRow<Ctx>(world: World, row: Row<Ctx>): Promise<number> {
  const ctx = await row.setup(world);
  const attempt = row.request(ctx, world);
  const secrets = row.secrets(ctx, world).filter((s) => s.length >= 4);
  expect(secrets.length, `${row.route}: a row names what must not leak`).toBeGreaterThan(0);
  const before = row.state ? await row.state(ctx, world) : undefined;
  const callers = [
    ...CALLERS.map((caller) => ({
      name: caller as string,
      headers: callerHeaders(world, caller),
      status: expectedRefusal(row as AnyRow, caller),
    })),
    ...(row.alsoRefused ?? []).map((extra) => ({
      name: extra.name,
      headers: extra.as(ctx, world),
      status: extra.status,
    })),
  ];
  for (const caller of callers) {
    const res = await send(world, attempt, caller.headers);
    const label = `${row.route}${row.note ? ` (${row.note})` : ''} as ${caller.name}`;
    expect(res.statusCode, `${label}: ${res.body}`).toBe(caller.status);
    for (const secret of secrets) expect(res.body, label).not.toContain(secret);
    if (res.statusCode >= 400) {
      const body = res.json() as { error?: unknown; message?: unknown };
      expect(typeof body.error, label).toBe('string');
      expect(typeof body.message, label).toBe('string');
    } else if (row.refusedBody) {
      row.refusedBody(res.json(), ctx);
    }
    if (row.state) expect(await row.state(ctx, world), `${label} changed nothing`).toEqual(before);
  }
  const own = row.owner.request ? await row.owner.request(ctx, world) : attempt;
  const mine = await send(world, own, row.owner.as(ctx, world));
  expect(mine.statusCode, `${row.route} as its owner: ${mine.body}`).toBe(row.owner.status);
  row.owner.sees?.(mine.json(), ctx);
  return callers.length;
}

/* ------------------------------------------------------------------------ */
/* Which routes take an id                                                   */
/* ------------------------------------------------------------------------ */

/** Query parameters that name someone's object (a user, a viewer, a show, a producer, a session). */
export const ID_QUERY_PARAMS = [
  'viewer',
  'user',
  'email',
  'show_uid',
  'session_id',
  'producer',
  'producer_uid',
  'parent',
  'date_uid',
  'entity_id',
  'actor',
] as const;

type Named = EndpointDefinition & { operationId: string };

/** Every endpoint of the contract, once each (tables are the exports whose values are endpoints). */
export function contractEndpoints(): Named[] {
  const seen = new Map<string, Named>();
  for (const table of Object.values(contract)) {
    if (!table || typeof table !== 'object') continue;
    for (const value of Object.values(table as Record<string, unknown>)) {
      const e = value as Partial<Named> | null;
      if (!e || typeof e !== 'object') continue;
      if (typeof e.method !== 'string' || typeof e.path !== 'string') continue;
      if (typeof e.operationId !== 'string') continue;
      seen.set(`${e.method} ${e.path}`, e as Named);
    }
  }
  return [...seen.values()];
}

function queryKeys(endpoint: EndpointDefinition): string[] {
  const shape = (endpoint.query as { shape?: Record<string, unknown> } | undefined)?.shape;
  return shape ? Object.keys(shape) : [];
}

/** `METHOD /path` of every contract endpoint with an id in its path or an id-naming query parameter. */
export function routesWithIds(): string[] {
  return contractEndpoints()
    .filter(
      (e) =>
        e.path.includes(':') ||
        queryKeys(e).some((k) => (ID_QUERY_PARAMS as readonly string[]).includes(k)),
    )
    .map((e) => `${e.method} ${e.path}`)
    .sort();
}
