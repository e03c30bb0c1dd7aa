import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { showListResponseSchema, showSchema } from '@taquilla/contract';
import { acceptCookies } from './support/accounts';
import { PHONE_AND_DESKTOP } from './support/page-check';

/*
 * Issue 20, item 7: the pages a buyer uses on a phone. Each step checks the layout where
 * a person would see it (widths, bounding boxes, page height) at 390 and 1366 px and saves
 * shots to $E2E_SHOTS_DIR for a person to look at.
 */

const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
const [PHONE, DESKTOP] = PHONE_AND_DESKTOP;
const JSON_HEADERS = { Accept: 'application/json' };
const GALA_PATH = 'noche-de-gala-sinfonica';
const REGISTRATION_PATH = 'taller-fotografia-antigua';
/** Guatemala keeps UTC−6 all year. */
const GUATEMALA_OFFSET_MS = 6 * 3_600_000;
const DAY_MS = 86_400_000;

async function shots(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    // Down the page once, so the lazy pictures load and the shot shows them.
    await page.evaluate(async () => {
      for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
        window.scrollTo(0, y);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      window.scrollTo(0, 0);
    });
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${viewport.width}.png`, fullPage: true });
  }
}

/** How far the page is wider than the screen (0 when it fits). */
function overflowOf(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function boxOf(locator: Locator) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on the screen');
  return box;
}

function overlaps(
  a: { x: number; y: number; width: number; height: number },
  b: { x: number; y: number; width: number; height: number },
): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test('the home page: this week starts today, long sections show a first page and "Ver más", a broken image falls back', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const list = async (query: string) => {
    const response = await request.get(`/shows?${query}`, { headers: JSON_HEADERS });
    expect(response.ok()).toBe(true);
    return showListResponseSchema.parse(await response.json()).items;
  };
  const [upcoming, digital, past] = await Promise.all([
    list('sort=1'),
    list('filter=ALL&sort=-1&vod=1&status=ACTIVE,REPLAY,SOON'),
    list('filter=PAST&sort=-1'),
  ]);
  const everyShow = new Set([...upcoming, ...digital, ...past.slice(0, 100)].map((s) => s._id));
  // The first show of the week: its picture fails to load.
  const now = Date.now();
  const todayStart =
    Math.floor((now - GUATEMALA_OFFSET_MS) / DAY_MS) * DAY_MS + GUATEMALA_OFFSET_MS;
  const firstToday = upcoming.find((show) => Date.parse(show.show_date) >= todayStart);
  expect(firstToday?.main_image).toBeTruthy();
  await page.route(`**${firstToday!.main_image!}`, (route) => route.abort());

  await page.setViewportSize(PHONE);
  await page.goto('/');
  await acceptCookies(page);
  const thisWeek = page.getByRole('region', { name: 'Esta semana' });
  await expect(thisWeek.getByRole('article').first()).toBeVisible();
  await expect(page.locator('.skeleton')).toHaveCount(0, { timeout: 10_000 });

  // "Esta semana" lists nothing that started before today.
  const weekDates = await thisWeek
    .locator('time')
    .evaluateAll((times) => times.map((time) => time.getAttribute('datetime') ?? ''));
  expect(weekDates.length).toBeGreaterThan(0);
  for (const date of weekDates) expect(Date.parse(date)).toBeGreaterThanOrEqual(todayStart);

  // The card whose picture failed shows the placeholder artwork, not a broken image.
  const brokenCard = page.getByRole('article').filter({ hasText: firstToday!.fullname }).first();
  await expect(brokenCard.locator('.show-card__placeholder')).toBeVisible();
  await expect(brokenCard.locator('img')).toHaveCount(0);

  const heightBefore = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`home page at 390 px: ${heightBefore} px tall before "Ver más"`);
  // 21,668 px before issue 20 (every show of every section, one under another).
  expect(heightBefore).toBeLessThan(8_000);
  expect(await overflowOf(page)).toBe(0);
  await shots(page, 'home');
  await page.setViewportSize(PHONE);

  // Every show stays reachable: "Ver más", pressed with the keyboard, reveals the rest.
  const more = page.getByRole('button', { name: /^Ver más/ });
  expect(await more.count()).toBeGreaterThan(0);
  while ((await more.count()) > 0) {
    const button = more.first();
    const before = await page.locator('.show-card__link').count();
    await button.focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('.show-card__link')).not.toHaveCount(before);
    // Focus moves to the first show revealed, so a keyboard user carries on from there.
    await expect(page.locator('.show-card__link:focus')).toHaveCount(1);
  }
  const hrefs = await page
    .locator('.show-card__link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
  const listed = new Set(hrefs);
  for (const show of [...upcoming, ...digital, ...past.slice(0, 100)]) {
    if (!everyShow.has(show._id)) continue;
    const path = show.path ? `/${encodeURIComponent(show.path)}` : `/shows/${show._id}`;
    expect(listed.has(path) || listed.has(`/shows/${show._id}`), show.fullname).toBe(true);
  }
  const heightAfter = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`home page at 390 px: ${heightAfter} px tall with everything shown`);
});

test('/cookies fits a phone', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto('/cookies');
  await acceptCookies(page);
  await expect(page.getByRole('table', { name: 'Cookies utilizadas en este sitio' })).toBeVisible();
  expect(await overflowOf(page)).toBe(0);
  await shots(page, 'cookies');
});

test('an order with a long e-mail address fits a phone, for its buyer and for anyone else', async ({
  page,
  browser,
}) => {
  // No hyphen: nothing in it where a browser would break the line by itself.
  const email = `luciafernandaperezajudelacruzcoordinaciondeeventos${Date.now().toString(36)}@departamentodecultura.taquilla.test`;
  await page.setViewportSize(DESKTOP);
  await page.goto(`/${REGISTRATION_PATH}`);
  await acceptCookies(page);
  const register = page.getByRole('region', { name: 'Regístrate' });
  await register
    .getByRole('combobox', { name: 'Cantidad de Inscripción gratuita' })
    .selectOption('1');
  await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await page.getByLabel('Apellido', { exact: true }).fill('Pérez Ajú');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Confirma tu correo electrónico').fill(email);
  await register.getByLabel('Institución o empresa').fill('Universidad de San Carlos');
  await register.getByLabel('Nivel de experiencia').selectOption('intermedio');
  await register.getByRole('button', { name: 'Completar Registro' }).click();
  await page.getByRole('link', { name: 'Ver mi orden' }).click();
  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  // The confirmation banner of a new order repeats the address.
  await page.goto(`${page.url()}?new=1`);
  await expect(page.getByRole('main')).toContainText(email);

  await page.setViewportSize(PHONE);
  expect(await overflowOf(page)).toBe(0);
  await shots(page, 'order-long-email');

  // Someone else opening the link gets the login prompt, which names the address
  // masked (decision 0066): its first letter and its long domain, never the address.
  const other = await browser.newContext({ viewport: PHONE });
  const visitor = await other.newPage();
  await visitor.goto(page.url());
  await expect(visitor.getByRole('main')).toContainText(
    'Inicia sesión con l•••@departamentodecultura.taquilla.test',
  );
  await expect(visitor.getByRole('main')).not.toContainText(email);
  expect(await overflowOf(visitor)).toBe(0);
  await shots(visitor, 'order-long-email-prompt');
  await other.close();
});

test('the cart on a phone: the promo toast leaves the countdown visible, the time left is said once; the checkout form starts without an address', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const gala = showSchema.parse(
    await (await request.get(`/shows/${GALA_PATH}`, { headers: JSON_HEADERS })).json(),
  );
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`/shows/${gala._id}`);
  await acceptCookies(page);
  const buy = page.getByRole('region', { name: 'Comprar' });
  // The second función's Balcón, last free seat: the other specs take other seats.
  await buy.getByRole('group', { name: 'Elige la función' }).getByRole('radio').nth(1).check();
  await buy
    .getByRole('group', { name: 'Gran Sala Efraín Recinos' })
    .getByRole('button', { name: /^Balcón, Q [\d.,]+, \d+ disponibles$/ })
    .click();
  const seat = buy
    .getByRole('group', { name: 'Asientos de Balcón' })
    .getByRole('button', { name: /^\w+, Asiento \w+, disponible$/ })
    .last();
  await seat.click();
  await expect(page.getByRole('timer')).toBeVisible();

  await page.setViewportSize(PHONE);
  await page.goto('/cart');
  const timer = page.getByRole('timer');
  await expect(timer).toBeVisible();
  // The time left is said once (the countdown), not beside a fixed "10 minutos".
  const main = page.getByRole('main');
  await expect(main).not.toContainText('reservados por 10 minutos');
  // A clock time of the show ("8:00 p. m.") is not a time left.
  await expect(main).not.toContainText(/\d+:\d\d(?! [ap]\. m\.)/);
  await expect(timer).toContainText(/\d+:\d\d/);

  const code = page.getByRole('textbox', { name: 'Código promocional' });
  await code.fill('GALA100');
  await code.press('Enter');
  const toast = page.locator('.toast').filter({ hasText: 'Código promocional aplicado' });
  await expect(toast).toBeVisible();
  const banner = page.locator('.cart-countdown');
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    await expect(toast).toBeVisible();
    expect(overlaps(await boxOf(toast), await boxOf(banner)), `${viewport.width}px`).toBe(false);
  }
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${SHOTS_DIR}/cart-promo-toast-390.png` });
  await page.setViewportSize(DESKTOP);
  await page.screenshot({ path: `${SHOTS_DIR}/cart-promo-toast-1366.png` });

  await page.goto('/cart/checkout/guest');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagar Orden (Invitado)');
  await expect(page.getByLabel(/^Dirección/)).toHaveValue('');
  await page.setViewportSize(PHONE);
  expect(await overflowOf(page)).toBe(0);
  await shots(page, 'checkout-form');
  await context.close();
});
