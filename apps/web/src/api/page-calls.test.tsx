import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  endpointUrl,
  homePageCalls,
  pageCallKey,
  showAddressCalls,
  showLandingCalls,
} from '@taquilla/contract';
import type { PageCall, Show, ShowAddress } from '@taquilla/contract';
import { buildTicket } from '../test/catalogue-factory';
import { showWith, stubCatalogue } from '../test/show-page-harness';
import type { Catalogue } from '../test/show-page-harness';
import { jsonResponse } from '../test/show-factory';

/*
 * The server answers a public page's first calls inside its HTML by the contract's page
 * calls (decision 0072). These tests hold the pages to that list: with the list's answers
 * embedded, the page asks the network for none of them and uses every one.
 */

type Fetch = ReturnType<typeof vi.fn<(input: string, init?: RequestInit) => Promise<Response>>>;

/** Embeds the answers of `calls` as the server would, read from the stubbed gateway. */
async function embedAnswers(fetchMock: Fetch, calls: readonly PageCall[]): Promise<string[]> {
  const answers: Record<string, unknown> = {};
  for (const call of calls) {
    const url = endpointUrl(call.endpoint.path, call.input.params, call.input.query);
    const response = await fetchMock(url, { method: call.endpoint.method });
    answers[pageCallKey(call)] = await response.json();
  }
  fetchMock.mockClear();
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'page-data';
  script.textContent = JSON.stringify(answers).replace(/</g, '\\u003c');
  document.body.append(script);
  return Object.keys(answers);
}

/** The paths and queries the page fetched, as `METHOD /path?query` keys. */
function fetchedKeys(fetchMock: Fetch): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(input, 'http://localhost');
    return `${init?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });
}

/** Renders the route table at `path` with a fresh client, as a page load does. */
async function renderPage(path: string) {
  vi.resetModules();
  const { renderAt } = await import('../test/show-page-harness');
  const { hasPageAnswer } = await import('./page-data');
  renderAt(path);
  return { hasPageAnswer };
}

async function expectShowPageServedFromHtml(
  catalogue: Catalogue,
  address: ShowAddress,
  path: string,
  show: Show,
  waitForText?: string,
) {
  const fetchMock = stubCatalogue(catalogue) as unknown as Fetch;
  const calls = [...showAddressCalls(address), ...showLandingCalls(show, null)];
  const keys = await embedAnswers(fetchMock, calls);

  const { hasPageAnswer } = await renderPage(path);

  await screen.findByRole('heading', { level: 1, name: show.fullname });
  if (waitForText) await screen.findAllByText(waitForText);
  // Every answer was taken by the call it was made for. Looked at without taking: taking
  // one here, before a part of the page that renders later made its call, would send
  // that call to the network.
  await waitFor(() => {
    for (const key of keys) expect(hasPageAnswer(key)).toBe(false);
  });
  // And the page read nothing of the catalogue over the network (the list holds it all).
  expect(fetchedKeys(fetchMock).filter((key) => key.startsWith('GET /shows'))).toEqual([]);
  return keys;
}

describe("public pages' first calls come from the page's HTML", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.body.innerHTML = '';
  });

  it('the home page asks for none of its lists', async () => {
    const featured = showWith({ _id: 'feat', fullname: 'Gran Concierto', billboard: true });
    const fetchMock = vi.fn(async (input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/shows') return jsonResponse(200, { items: [featured] });
      return jsonResponse(404, { error: 'NOT_FOUND', message: 'No existe' });
    });
    vi.stubGlobal('fetch', fetchMock);
    const keys = await embedAnswers(fetchMock, homePageCalls());

    const { hasPageAnswer } = await renderPage('/');

    await screen.findByRole('heading', { level: 1, name: 'Gran Concierto' });
    await waitFor(() => {
      for (const key of keys) expect(hasPageAnswer(key)).toBe(false);
    });
    expect(fetchedKeys(fetchMock).filter((key) => key.startsWith('GET /shows'))).toEqual([]);
  });

  it('a paid show sold by card reads its show and tickets from the page', async () => {
    const show = showWith({ _id: 'gala', fullname: 'Noche de Gala' });
    const platea = buildTicket({ fullname: 'Platea', price: 450 });
    const keys = await expectShowPageServedFromHtml(
      {
        shows: [show],
        tickets: {
          gala: {
            'CREDIT_CARD|REGISTRATION|BANK_DEPOSIT|ACCOUNT_BANK_DEPOSIT': [platea],
            CREDIT_CARD: [platea],
          },
        },
      },
      { id: 'gala' },
      '/shows/gala',
      show,
      'Platea',
    );
    expect(keys).toEqual([
      'GET /shows/gala',
      'GET /shows/gala/tickets?paymentType=CREDIT_CARD%7CREGISTRATION%7CBANK_DEPOSIT%7CACCOUNT_BANK_DEPOSIT',
      'GET /shows/gala/tickets?paymentType=CREDIT_CARD',
    ]);
  });

  it('a show with several dates at its vanity path reads its funciones from the page', async () => {
    const show = showWith(
      { _id: 'quijote', fullname: 'El Quijote', path: 'el-quijote' },
      { has_show_dates: true },
    );
    const date = showWith(
      { _id: 'quijote-1', fullname: 'Función del viernes', parent_show_uid: 'quijote' },
      { is_show_date: true },
    );
    const keys = await expectShowPageServedFromHtml(
      { shows: [show, date], children: { quijote: [date] } },
      { path: 'el-quijote' },
      '/el-quijote',
      show,
    );
    expect(keys).toContain('GET /shows?parent=quijote&filter=CURRENT&visible=-1');
  });
});
