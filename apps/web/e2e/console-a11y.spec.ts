import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { ADMIN, PRODUCER, consoleLogin } from './support/console';
import { PHONE_AND_DESKTOP as WIDTHS, pageProblems } from './support/page-check';

/*
 * Every page of the organiser console through axe (issue 11: "axe clean on every console
 * page"), on a phone (390 px) and a desktop (1366 px): no serious or critical violation,
 * and nothing wider than the screen. A full-page screenshot of each is saved for a
 * person to look at. The producer's pages are the demo producer's own shows, orders
 * and codes; the access codes of the seed's no-login show (another producer's), the
 * accounts and the audit log are the admin's. The site's header above the console is
 * checked with it.
 */

const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
const JSON_HEADERS = { Accept: 'application/json' };
/** The demo producer's seat-map show and live show; another producer's no-login show. */
const PATHS = {
  seatMap: 'noche-de-gala-sinfonica',
  live: 'atardecer-en-atitlan-en-vivo',
  nologin: 'congreso-innovacion-chapina',
};

type Ids = { seatMap: string; live: string; nologin: string; order: string; promo: string };
type Who = 'visitor' | 'producer' | 'admin';
type Entry = { name: string; who: Who; path: (ids: Ids) => string };

const PAGES: readonly Entry[] = [
  { name: 'login', who: 'visitor', path: () => '/admin/login' },
  { name: 'home', who: 'producer', path: () => '/admin' },
  { name: 'shows', who: 'producer', path: () => '/admin/shows' },
  { name: 'show-new', who: 'producer', path: () => '/admin/shows/new' },
  { name: 'show-edit', who: 'producer', path: (ids) => `/admin/shows/${ids.seatMap}` },
  { name: 'tickets', who: 'producer', path: (ids) => `/admin/shows/${ids.seatMap}/tickets` },
  { name: 'map', who: 'producer', path: (ids) => `/admin/shows/${ids.seatMap}/map` },
  {
    name: 'access-codes',
    who: 'admin',
    path: (ids) => `/admin/shows/${ids.nologin}/access-codes`,
  },
  { name: 'live', who: 'producer', path: (ids) => `/admin/shows/${ids.live}/live` },
  { name: 'report', who: 'producer', path: (ids) => `/admin/shows/${ids.seatMap}/report` },
  { name: 'orders', who: 'producer', path: () => '/admin/orders' },
  { name: 'order-detail', who: 'producer', path: (ids) => `/admin/orders/${ids.order}` },
  { name: 'deposits', who: 'producer', path: () => '/admin/orders/deposits' },
  { name: 'promo-codes', who: 'producer', path: () => '/admin/promo-codes' },
  { name: 'promo-new', who: 'producer', path: () => '/admin/promo-codes/new' },
  { name: 'promo-edit', who: 'producer', path: (ids) => `/admin/promo-codes/${ids.promo}` },
  { name: 'door', who: 'producer', path: () => '/admin/door' },
  { name: 'accounts', who: 'admin', path: () => '/admin/accounts' },
  { name: 'audit', who: 'admin', path: () => '/admin/audit' },
];

const pages: Partial<Record<Who, Page>> = {};
const ids: Ids = { seatMap: '', live: '', nologin: '', order: '', promo: '' };

async function openPage(browser: Browser, baseURL: string | undefined) {
  const context = await browser.newContext({ baseURL, viewport: WIDTHS[1] });
  return context.newPage();
}

async function firstId(page: Page, path: string): Promise<string> {
  const response = await page.request.get(`${path}?page_size=1`, { headers: JSON_HEADERS });
  expect(response.status(), await response.text()).toBe(200);
  const { items } = (await response.json()) as { items: { _id: string }[] };
  expect(items.length, `${path} lists something`).toBe(1);
  return items[0]?._id ?? '';
}

async function showId(page: Page, path: string): Promise<string> {
  const response = await page.request.get(`/shows/${path}`, { headers: JSON_HEADERS });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { _id: string })._id;
}

test.beforeAll(async ({ browser, baseURL }) => {
  test.setTimeout(60_000); // three browsers, two of them logging in
  pages.visitor = await openPage(browser, baseURL);
  pages.producer = await openPage(browser, baseURL);
  await consoleLogin(pages.producer, PRODUCER);
  pages.admin = await openPage(browser, baseURL);
  await consoleLogin(pages.admin, ADMIN);
  ids.seatMap = await showId(pages.producer, PATHS.seatMap);
  ids.live = await showId(pages.producer, PATHS.live);
  ids.nologin = await showId(pages.producer, PATHS.nologin);
  ids.order = await firstId(pages.producer, '/admin/orders');
  ids.promo = await firstId(pages.producer, '/admin/promo-codes');
  mkdirSync(SHOTS_DIR, { recursive: true });
});

test.afterAll(async () => {
  for (const page of Object.values(pages)) await page.context().close();
});

/** The page has read what it shows: its h1 is there and no skeleton is left. */
async function settle(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('.skeleton')).toHaveCount(0, { timeout: 10_000 });
}

for (const entry of PAGES) {
  test(`axe finds nothing serious on ${entry.name} at 390 and 1366 px`, async () => {
    test.setTimeout(60_000); // two widths, each an axe run and a full-page screenshot
    const page = pages[entry.who];
    if (!page) throw new Error(`no browser for ${entry.who}`);
    const problems: string[] = [];
    await page.setViewportSize(WIDTHS[0]);
    await page.goto(entry.path(ids));
    if (entry.who === 'visitor') {
      await page
        .getByRole('region', { name: 'Aviso de cookies' })
        .getByRole('button')
        .click()
        .catch(() => undefined);
    }
    for (const viewport of WIDTHS) {
      await page.setViewportSize(viewport);
      await settle(page);
      expect(new URL(page.url()).pathname).toBe(entry.path(ids));
      problems.push(
        ...(await pageProblems(page, `${SHOTS_DIR}/console-${entry.name}-${viewport.width}.png`)),
      );
    }
    expect(problems).toEqual([]);
  });
}
