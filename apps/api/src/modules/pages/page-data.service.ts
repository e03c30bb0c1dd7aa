import {
  currentSessionSchema,
  endpointUrl,
  homePageCalls,
  pageCallKey,
  PAGE_DATA_ELEMENT_ID,
  SESSION_COOKIE,
  sessionCall,
  showAddressCalls,
  showLandingCalls,
  showSchema,
} from '@taquilla/contract';
import type { PageCall, Show } from '@taquilla/contract';
import type { FastifyRequest } from 'fastify';
import type { CatalogueCache } from '../../plugins/catalogue-cache.ts';
import { publicPageOf, renderedShowOf } from './page-plan.ts';
import type { PublicPage } from './page-plan.ts';

/** What an in-process call of the API answers (Fastify's `inject`). */
export interface InjectedAnswer {
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  payload: string;
}

export type InjectCall = (options: {
  method: 'GET';
  url: string;
  headers: Record<string, string>;
  remoteAddress?: string;
}) => Promise<InjectedAnswer>;

/** A public page's own data, as its HTML is being sent. */
export interface PageData {
  /**
   * A signed-in browser's page (it sends the session cookie) may carry that user's own
   * answers; without the cookie every answer is the one any visitor gets. Known before
   * anything is asked, so the page's headers can go first.
   */
  isPrivate: boolean;
  /** The `<script>` of the answers that came within the budget; '' when none did. */
  script: Promise<string>;
}

/** The navigation's headers an API call of the same browser would carry. */
const FORWARDED_HEADERS = [
  'cookie',
  'user-agent',
  'accept-language',
  'host',
  'x-forwarded-for',
  'x-forwarded-proto',
  'x-forwarded-host',
] as const;

const TIMED_OUT = Symbol('timed out');

/**
 * The answers' JSON in a `<script type="application/json">`: never executed (the page's
 * CSP has nothing to allow) and `<` written `\u003c`, so no value, whatever a producer
 * typed, can close the element or open a comment. Each answer goes in as the API wrote it.
 */
export function pageDataScript(answers: ReadonlyMap<string, string>): string {
  const entries = [...answers].map(([key, json]) => `${JSON.stringify(key)}:${json}`);
  const json = `{${entries.join(',')}}`.replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_DATA_ELEMENT_ID}">${json}</script>`;
}

function hasSessionCookie(cookieHeader: string | undefined): boolean {
  return (cookieHeader ?? '')
    .split(';')
    .some((part) => part.trim().startsWith(`${SESSION_COOKIE}=`));
}

function parsedOr<T>(schema: { safeParse(value: unknown): { success: boolean; data?: T } }) {
  return (json: string | null): T | null => {
    if (json === null) return null;
    try {
      const parsed = schema.safeParse(JSON.parse(json));
      return parsed.success ? (parsed.data ?? null) : null;
    } catch {
      return null;
    }
  };
}
const asShow = parsedOr<Show>(showSchema);
const asSession = parsedOr(currentSessionSchema);

type Deps = {
  inject: InjectCall;
  budgetMs: number;
  /**
   * Where a page's answers for anyone not signed in are kept for the catalogue's few
   * seconds (the answers' own cache period, cleared by organiser writes): every anonymous
   * visitor of a page gets the same answers, so they are asked once per period and
   * instance instead of once per navigation. Absent: asked every time.
   */
  cache?: Pick<CatalogueCache, 'getValue'>;
};

/**
 * A public page's first GET answers, for its HTML (decision 0072): the API's own routes
 * run in-process with the navigation's cookie and client headers, so each answer is
 * exactly what the browser's own call would get (same session, same authorisation, same
 * 404 for a draft). Calls run in parallel, then those that need an earlier answer (the
 * show's tickets, dates or channel); past `budgetMs`, or on any answer but a 2xx JSON
 * one, a call is left out and the SPA simply makes it.
 */
export function createPageData(deps: Deps) {
  return function pageDataFor(request: FastifyRequest): PageData | null {
    if (deps.budgetMs <= 0 || request.method !== 'GET') return null;
    const page = publicPageOf(request.url);
    if (!page) return null;
    const isSignedIn = hasSessionCookie(request.headers.cookie);
    const read = () =>
      readAnswers(deps, request, page, isSignedIn).then((answers) =>
        answers.size === 0 ? '' : pageDataScript(answers),
      );
    // The page's address, not its URL: a query string never changes its answers.
    const shared = !isSignedIn && deps.cache;
    const script = (
      shared ? shared.getValue(`page-data:${JSON.stringify(page)}`, read) : read()
    ).catch((err: unknown) => {
      request.log.error({ err }, 'page data: failed; the page goes without');
      return '';
    });
    return { isPrivate: isSignedIn, script };
  };
}

/** The page's answers by key, in the order the calls were made (same page, same HTML). */
async function readAnswers(
  deps: Deps,
  request: FastifyRequest,
  page: PublicPage,
  isSignedIn: boolean,
): Promise<Map<string, string>> {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<typeof TIMED_OUT>((resolve) => {
    timer = setTimeout(() => resolve(TIMED_OUT), deps.budgetMs);
  });
  let isPastDeadline = false;
  void deadline.then(() => (isPastDeadline = true));

  const headers: Record<string, string> = {
    accept: 'application/json',
    'x-request-id': request.id,
  };
  for (const name of FORWARDED_HEADERS) {
    const value = request.headers[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const answers = new Map<string, string>();
  const asked: string[] = [];

  /** One call's JSON as the API answered it, or null when it is left out. */
  const ask = async (call: PageCall): Promise<string | null> => {
    if (isPastDeadline) return null;
    const url = endpointUrl(call.endpoint.path, call.input.params, call.input.query);
    asked.push(pageCallKey(call));
    try {
      const answer = await Promise.race([
        deps.inject({ method: 'GET', url, headers, remoteAddress: request.socket.remoteAddress }),
        deadline,
      ]);
      if (answer === TIMED_OUT) {
        request.log.info({ url, budgetMs: deps.budgetMs }, 'page data: call past its budget');
        return null;
      }
      const type = String(answer.headers['content-type'] ?? '');
      if (answer.statusCode < 200 || answer.statusCode > 299) return null;
      if (!type.startsWith('application/json')) return null;
      answers.set(pageCallKey(call), answer.payload);
      return answer.payload;
    } catch (err) {
      request.log.warn({ err, url }, 'page data: call failed');
      return null;
    }
  };

  try {
    const session = isSignedIn ? ask(sessionCall).then(asSession) : Promise.resolve(null);
    if (page.kind === 'home') {
      await Promise.all([session, ...homePageCalls().map(ask)]);
    } else {
      const [current, shows] = await Promise.all([
        session,
        Promise.all(showAddressCalls(page.address).map(async (call) => asShow(await ask(call)))),
      ]);
      const rendered = renderedShowOf(page.address, shows);
      if (rendered) {
        // A player asks only for its address (decision 0075): its access is the
        // playback call, which carries this device's token and is never answered ahead.
        const viewerId = current?.viewer?._id ?? null;
        const landing = page.kind === 'show' ? showLandingCalls(rendered.show, viewerId) : [];
        await Promise.all([...rendered.before, ...landing].map(ask));
      }
    }
  } finally {
    clearTimeout(timer);
  }
  return new Map(
    asked.flatMap((key) => {
      const json = answers.get(key);
      return json === undefined ? [] : [[key, json] as const];
    }),
  );
}

export type PageDataFor = ReturnType<typeof createPageData>;
