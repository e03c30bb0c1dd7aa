import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminAccessCodeBatchSchema, showSchema } from '@taquilla/contract';
import { acceptCookies } from './support/accounts';

// The demo seed's no-login conference and its live concert (owned by the demo producer;
// the demo viewer holds an activated ticket for it). Both play the demo clip the API
// serves under /media/demo.
const CODE_SHOW_PATH = 'congreso-innovacion-chapina';
const LIVE_SHOW_PATH = 'atardecer-en-atitlan-en-vivo';
const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@taquilla.test',
  password: process.env.ADMIN_PASSWORD ?? 'Admin-Prueba-2026',
};
const DEMO = JSON.parse(
  readFileSync(new URL('../../../prisma/demo-accounts.json', import.meta.url), 'utf8'),
) as { viewer: { email: string; password: string } };
const JSON_HEADERS = { Accept: 'application/json' };
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';

async function signIn(
  request: APIRequestContext,
  account: { email: string; password: string },
  role: 'Admin' | 'Viewer',
) {
  const login = await request.post('/auth/login', {
    headers: JSON_HEADERS,
    data: { username: account.email, password: account.password, role, forceLogin: true },
  });
  expect(login.status(), await login.text()).toBe(200);
}

async function showId(request: APIRequestContext, path: string): Promise<string> {
  return showSchema.parse(
    await (await request.get(`/shows/${path}`, { headers: JSON_HEADERS })).json(),
  )._id;
}

/** The stage's video has started: time goes by and it is not paused. */
async function expectPlaying(page: Page) {
  const video = page.locator('.player-stage video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0.3);
  expect(await video.evaluate((element: HTMLVideoElement) => element.volume)).toBe(0.8);
}

test('a visitor enters a no-login show with an access code: a wrong one is refused, the right one plays', async ({
  page,
  playwright,
  baseURL,
}) => {
  const organiser = await playwright.request.newContext({ baseURL });
  await signIn(organiser, ADMIN, 'Admin');
  const id = await showId(organiser, CODE_SHOW_PATH);
  const made = await organiser.post(`/admin/shows/${id}/access-codes`, {
    headers: JSON_HEADERS,
    data: { quantity: 1 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const code = adminAccessCodeBatchSchema.parse(await made.json()).items[0]!.code;
  await organiser.dispose();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/shows/${CODE_SHOW_PATH}/player`);
  await acceptCookies(page);
  await expect(page.getByRole('navigation', { name: 'Menú principal' })).toHaveCount(0);
  const input = page.getByRole('textbox', { name: 'Ingresa tu código de acceso para entrar:' });
  await input.fill('zzzz');
  await expect(input).toHaveValue('ZZZZ');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Código Inválido')).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/player-code-invalid.png` });

  await input.fill(code.toLowerCase());
  await page.getByRole('button', { name: 'Entrar' }).click();
  // /shows/{path}/player goes to the vanity player, which keeps the code there (002 §2.2).
  await expect(page).toHaveURL(`/${CODE_SHOW_PATH}/player?code=${code}`);
  await expectPlaying(page);
  await page.screenshot({ path: `${SHOTS_DIR}/player-playing-phone.png` });
});

test('a ticket holder watches the live show while the organiser draws the curtain, starts and ends it', async ({
  page,
  playwright,
  baseURL,
}) => {
  await signIn(page.request, DEMO.viewer, 'Viewer');
  const organiser = await playwright.request.newContext({ baseURL });
  await signIn(organiser, ADMIN, 'Admin');
  const id = await showId(organiser, LIVE_SHOW_PATH);
  const send = async (data: object) => {
    const sent = await organiser.post(`/admin/shows/${id}/events`, { headers: JSON_HEADERS, data });
    expect(sent.status(), await sent.text()).toBe(201);
  };

  try {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto(`/shows/${LIVE_SHOW_PATH}/player/`);
    await acceptCookies(page);
    await expectPlaying(page);
    await page.screenshot({ path: `${SHOTS_DIR}/player-playing-desktop.png` });

    await send({
      status: 'curtain',
      metadata: { type: 'static', message1: 'Regresamos en 5 minutos', message2: 'No te vayas' },
    });
    const curtain = page.getByRole('region', { name: 'Telón' });
    await expect(curtain).toContainText('Regresamos en 5 minutos');
    await expect(curtain).toContainText('No te vayas');
    await expect(page.locator('.player-stage video')).toHaveCount(0);

    await send({ status: 'start' });
    await expect(curtain).toHaveCount(0);
    await expectPlaying(page);

    await send({ status: 'end' });
    await expect(
      page.getByRole('heading', { name: 'La transmisión del evento ha terminado' }),
    ).toBeVisible();
    await expect(page.locator('.player-stage video')).toHaveCount(0);
  } finally {
    // `end` closed the show (it is not on demand): open it again for the specs after this one.
    const reopened = await organiser.put(`/admin/shows/${id}/status`, {
      headers: JSON_HEADERS,
      data: { status: 'LIVE' },
    });
    expect(reopened.status(), await reopened.text()).toBe(200);
    await send({ status: 'start' });
    await organiser.dispose();
  }
});
