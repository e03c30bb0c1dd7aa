import { expect, test } from '@playwright/test';
import type { Page, Response } from '@playwright/test';
import { adminAccessCodeBatchSchema, showSchema } from '@taquilla/contract';
import { acceptCookies } from './support/accounts';
import { ADMIN, consoleLogin, consoleNav } from './support/console';

/*
 * The SPA under its Content-Security-Policy (decision 0043): the pages a visitor and an
 * organiser open most run without the browser refusing anything. The policy must be on
 * the page (else "no violation" proves nothing), and every violation, in the page or in
 * a frame, is both logged by the browser and caught by a securitypolicyviolation listener.
 */

const JSON_HEADERS = { Accept: 'application/json' };
/** Demo seed shows: a seat-map gala, the festival landing page, the no-login conference. */
const GALA_PATH = 'noche-de-gala-sinfonica';
const FESTIVAL_PATH = 'festival-luz-de-volcan';
const CODE_SHOW_PATH = 'congreso-innovacion-chapina';

/** Every CSP violation the page (or a frame in it) reports, as text. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `Content Security Policy violation: ${event.violatedDirective} blocked ${event.blockedURI}`,
      );
    });
  });
  return violations;
}

function expectPolicy(response: Response | null) {
  expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
}

async function expectPlaying(page: Page) {
  const video = page.locator('.player-stage video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0.3);
}

test('the home page, show pages and the player run under the policy with no violation', async ({
  page,
  playwright,
  baseURL,
}) => {
  const violations = await watchViolations(page);
  await page.setViewportSize({ width: 1366, height: 900 });

  expectPolicy(await page.goto('/'));
  await acceptCookies(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expectPolicy(await page.goto(`/${GALA_PATH}`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The seat map (React style props: the CSSOM, which style-src does not govern).
  await page.waitForLoadState('networkidle');

  expectPolicy(await page.goto(`/${FESTIVAL_PATH}`));
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');

  // The player, entered with an access code of its own (the demo viewer's live show is
  // player.spec's): the demo clip in HLS, the realtime socket, chat.
  const organiser = await playwright.request.newContext({ baseURL });
  const login = await organiser.post('/auth/login', {
    headers: JSON_HEADERS,
    data: { username: ADMIN.email, password: ADMIN.password, role: 'Admin', forceLogin: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  const show = showSchema.parse(
    await (await organiser.get(`/shows/${CODE_SHOW_PATH}`, { headers: JSON_HEADERS })).json(),
  );
  const made = await organiser.post(`/admin/shows/${show._id}/access-codes`, {
    headers: JSON_HEADERS,
    data: { quantity: 1 },
  });
  expect(made.status(), await made.text()).toBe(201);
  const code = adminAccessCodeBatchSchema.parse(await made.json()).items[0]!.code;
  await organiser.dispose();

  expectPolicy(await page.goto(`/shows/${CODE_SHOW_PATH}/player`));
  await page.getByRole('textbox', { name: 'Ingresa tu código de acceso para entrar:' }).fill(code);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expectPlaying(page);

  expect(violations).toEqual([]);
});

test('the console home and the show editor’s live preview run under the policy with no violation', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await consoleLogin(page, ADMIN);
  await expect(consoleNav(page)).toBeVisible();
  await page.waitForLoadState('networkidle');

  const festival = showSchema.parse(
    await (await page.request.get(`/shows/${FESTIVAL_PATH}`, { headers: JSON_HEADERS })).json(),
  );
  expectPolicy(await page.goto(`/admin/shows/${festival._id}`));
  // The preview is a srcdoc frame (it inherits the policy) with the console's stylesheets.
  const preview = page.frameLocator('iframe[title="Vista previa de la página del evento"]');
  await expect(preview.getByRole('heading', { name: festival.fullname })).toBeVisible({
    timeout: 15_000,
  });
  await page.waitForLoadState('networkidle');
  const styled = await preview
    .locator('body')
    .evaluate(
      (body) =>
        [...body.ownerDocument.styleSheets].filter((sheet) => sheet.cssRules.length > 0).length,
    );
  expect(styled).toBeGreaterThanOrEqual(2);

  expect(violations).toEqual([]);
});

test('the API document (/docs) runs under its own policy with no violation, and tries a call', async ({
  page,
}) => {
  const violations = await watchViolations(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  // Its own policy (decision 0066): no other site may frame it.
  const response = await page.goto('/docs');
  expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-frame-options']).toBe('DENY');
  await expect(page.getByRole('heading', { name: /Taquilla API/ })).toBeVisible();
  await expect(page.locator('.opblock').first()).toBeVisible();
  expect(await page.locator('.opblock').count()).toBeGreaterThan(100);

  // "Try it out" calls this site (connect-src 'self').
  const live = page.locator('.opblock').filter({ hasText: '/health/live' });
  await live.locator('.opblock-summary').click();
  await live.getByRole('button', { name: 'Try it out' }).click();
  await live.getByRole('button', { name: 'Execute' }).click();
  await expect(live.locator('.live-responses-table .response-col_status').nth(1)).toHaveText('200');
  // The sign-in schemes' dialog.
  await page
    .getByRole('button', { name: /Authorize/ })
    .first()
    .click();
  const dialog = page.locator('.modal-ux');
  await expect(dialog.getByText('Available authorizations')).toBeVisible();
  await dialog.locator('.close-modal').click();
  await expect(dialog).toHaveCount(0);

  expect(violations).toEqual([]);
});
