import { mkdirSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { adminShowSchema, adminTicketSchema } from '@taquilla/contract';
import { acceptCookies, fillLogin } from './support/accounts';
import { cameraUse, hideFromCamera, installFakeCamera, showToCamera } from './support/fake-camera';
import { organiserSession, registrationCodes } from './support/live-show';

/*
 * The door check-in on a phone (issue 11): the demo producer opens /admin/door for an
 * in-person show of its own, scans a ticket's real QR (the server's PNG, held up to a
 * fake camera) and is told "Adelante"; the same ticket shown again is refused with the
 * time it came in; a typed code nobody issued is unknown.
 */

const DEMO = JSON.parse(
  readFileSync(new URL('../../../prisma/demo-accounts.json', import.meta.url), 'utf8'),
) as { producer: { email: string; password: string } };
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
/** The page ignores a code while it keeps being seen, until 3 s after its last sighting. */
const SAME_CODE_WINDOW_MS = 3000;

/** An in-person show on sale with a free registration ticket, made by its organiser. */
async function createVenueShow(organiser: APIRequestContext, fullname: string) {
  const created = await organiser.post('/admin/shows', {
    data: {
      fullname,
      show_date: new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString(),
      timezone: 'America/Guatemala',
      venue: 'Teatro Lux',
      type: 'VENUE',
      paid: false,
      status: 'ACTIVE',
      visible: false,
      settings: { registration: true, max_ticket_quantity: 2 },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const show = adminShowSchema.parse(await created.json());
  const ticket = await organiser.post(`/admin/shows/${show._id}/tickets`, {
    data: {
      code: 'ENTRADA',
      fullname: 'Entrada general',
      price: 0,
      payment_type: ['REGISTRATION'],
      capacity: 50,
    },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  return { id: show._id, ticketId: adminTicketSchema.parse(await ticket.json())._id };
}

/** The console's login as the demo producer, closing its other session (the API's). */
async function consoleLogin(page: Page) {
  await page.goto('/admin/login');
  await acceptCookies(page);
  await fillLogin(page, DEMO.producer.email, DEMO.producer.password);
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  const closeOther = page.getByRole('button', { name: 'Cerrar la otra sesión e ingresar' });
  const consoleNav = page.getByRole('navigation', { name: 'Consola del organizador' });
  await expect(closeOther.or(consoleNav)).toBeVisible();
  if (await closeOther.isVisible()) await closeOther.click();
  await expect(consoleNav).toBeVisible();
}

/** The door's own result panel (the site's toasts are alerts too). */
const doorResult = (page: Page) => page.locator('.door-result[role="alert"]');

test.use({ viewport: { width: 390, height: 844 } });

test('a producer scans a ticket at the door: "Adelante", then "Ya ingresó a las …"', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const fullname = `Puerta de prueba ${Date.now().toString(36)}`;
  const organiser = await organiserSession(playwright, baseURL as string);
  const show = await createVenueShow(organiser, fullname);
  const [code] = await registrationCodes(playwright, baseURL as string, show, 1);
  await organiser.dispose();
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);

  // The reader's .wasm and everything else come from our own server, never a CDN.
  const origin = new URL(baseURL as string).origin;
  const elsewhere: string[] = [];
  const wasm: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.protocol.startsWith('http') && url.origin !== origin) elsewhere.push(request.url());
    if (url.pathname.endsWith('.wasm')) wasm.push(url.pathname);
  });
  await installFakeCamera(page);
  await consoleLogin(page);
  await page.goto('/admin/door');
  await page.getByLabel('Evento de esta puerta').selectOption(show.id);
  await expect(page).toHaveURL(new RegExp(`[?&]show=${show.id}`));
  await expect(page.getByText('0 de 1 ingresaron')).toBeVisible();

  await page.getByRole('button', { name: 'Escanear con la cámara' }).click();
  await expect(page.getByRole('button', { name: 'Detener la cámara' })).toBeVisible();
  expect((await cameraUse(page)).requests).toEqual([
    { video: { facingMode: 'environment' }, audio: false },
  ]);
  await showToCamera(page, `/etickets/qr/${code}`);

  const admitted = doorResult(page);
  await expect(admitted).toContainText('Adelante', { timeout: 15_000 });
  await expect(admitted).toContainText('Entrada general');
  await expect(admitted).toContainText('Marta Chávez');
  await expect(admitted).toHaveClass(/door-result--admitted/);
  await expect(page.getByText('1 de 1 ingresaron')).toBeVisible();
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/door-admitted-390.png`, fullPage: true });
  expect(wasm).toEqual([expect.stringMatching(/^\/assets\/zxing_reader-[\w-]+\.wasm$/)]);
  expect(elsewhere).toEqual([]);
  const axe = await new AxeBuilder({ page }).include('.console-page').analyze();
  const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);

  // Held up a little longer, the same QR is not sent again: the panel stays green.
  await page.waitForTimeout(1000);
  await expect(admitted).toHaveClass(/door-result--admitted/);

  // Taken away, then shown again later: the second scan is refused with the time.
  await hideFromCamera(page);
  await page.waitForTimeout(SAME_CODE_WINDOW_MS + 500);
  await showToCamera(page, `/etickets/qr/${code}`);
  const refused = doorResult(page);
  await expect(refused).toHaveClass(/door-result--refused/, { timeout: 15_000 });
  await expect(refused).toContainText(/Ya ingresó a las \d{2}:\d{2}/);
  await expect(page.getByText('1 de 1 ingresaron')).toBeVisible();
  await page.screenshot({ path: `${SHOTS_DIR}/door-refused-390.png`, fullPage: true });

  await hideFromCamera(page);
  await page.getByRole('button', { name: 'Detener la cámara' }).click();
  await expect(page.getByRole('button', { name: 'Escanear con la cámara' })).toBeVisible();
  expect((await cameraUse(page)).liveTracks).toBe(0);

  // A typed code nobody issued.
  await page.getByLabel('Código del boleto').fill('zz2zz2');
  await page.getByRole('button', { name: 'Validar código' }).click();
  await expect(doorResult(page)).toContainText('Código desconocido');
  await expect(doorResult(page)).toHaveClass(/door-result--refused/);

  // Leaving the page with the camera on stops it.
  await page.getByRole('button', { name: 'Escanear con la cámara' }).click();
  await expect.poll(async () => (await cameraUse(page)).liveTracks).toBe(1);
  await page
    .getByRole('navigation', { name: 'Consola del organizador' })
    .getByRole('link', {
      name: 'Eventos',
    })
    .click();
  await expect.poll(async () => (await cameraUse(page)).liveTracks).toBe(0);
});

test('a code of an order cancelled after it came in is refused as voided, with its admission time', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const fullname = `Puerta anulada ${Date.now().toString(36)}`;
  const organiser = await organiserSession(playwright, baseURL as string);
  const show = await createVenueShow(organiser, fullname);
  const [admitted, unused] = await registrationCodes(playwright, baseURL as string, show, 2);
  // One of the two came in at another door of the show.
  const door = await organiser.post('/admin/checkin', {
    data: { code: admitted, show_uid: show.id },
  });
  expect(door.status(), await door.text()).toBe(200);
  // Then the organiser cancels the order (the buyer asked for it).
  const found = await organiser.get(`/admin/orders?q=${admitted as string}`);
  expect(found.status(), await found.text()).toBe(200);
  const [order] = ((await found.json()) as { items: { _id: string }[] }).items;
  const cancelled = await organiser.post(`/admin/orders/${order?._id as string}/cancel`, {
    data: { reason: 'El comprador pidió anular' },
  });
  expect(cancelled.status(), await cancelled.text()).toBe(200);
  await organiser.dispose();

  await consoleLogin(page);
  await page.goto(`/admin/door?show=${show.id}`);
  await expect(page.getByText('0 de 0 ingresaron')).toBeVisible();

  // Scanned again: refused as voided, saying when it had come in.
  await page.getByLabel('Código del boleto').fill(admitted as string);
  await page.getByRole('button', { name: 'Validar código' }).click();
  const refused = doorResult(page);
  await expect(refused).toHaveClass(/door-result--refused/);
  await expect(refused).toContainText(
    /Código anulado: la orden fue anulada \(había ingresado a las \d{2}:\d{2}\)/,
  );
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.screenshot({ path: `${SHOTS_DIR}/door-voided-admitted-390.png`, fullPage: true });

  // The other code of the order, never used: refused as voided too.
  await page.getByLabel('Código del boleto').fill(unused as string);
  await page.getByRole('button', { name: 'Validar código' }).click();
  const second = doorResult(page);
  await expect(second).toContainText(`Código ${unused as string}`);
  await expect(second).toContainText('Código anulado: la orden fue anulada');
  await expect(second).not.toContainText('había ingresado');
  // The door's history still says who came in, marked voided.
  const recent = page.getByRole('region', { name: 'Últimos ingresos' });
  await expect(recent.getByRole('listitem')).toHaveCount(1);
  await expect(recent.getByRole('listitem')).toContainText(admitted as string);
  await expect(recent.getByRole('listitem')).toContainText('Anulado');
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS_DIR}/door-voided-1366.png`, fullPage: true });
});
