import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { acceptCookies, uniqueEmail } from './support/accounts';
import { orderLinkOf, waitForMail } from './support/mail-outbox';
import { PHONE_AND_DESKTOP as WIDTHS, pageProblems } from './support/page-check';

// The demo seed's deposit-only show (Luneta by bank deposit, NIT asked).
const DEPOSIT_PATH = 'raices-de-xela-marimba';
const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@taquilla.test',
  password: process.env.ADMIN_PASSWORD ?? 'Admin-Prueba-2026',
};
const JSON_HEADERS = { Accept: 'application/json' };
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** A 1×1 PNG: the proof of payment. */
const PROOF_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** Both widths: axe's serious findings and overflow, and a full-page shot to look at. */
async function checkAtBothWidths(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const problems: string[] = [];
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    problems.push(...(await pageProblems(page, `${SHOTS_DIR}/${name}-${viewport.width}.png`)));
  }
  expect(problems).toEqual([]);
}

/** A guest registers a deposit of two Luneta places; answers the order's id. */
async function registerDeposit(page: Page, email: string): Promise<string> {
  await page.goto(`/shows/${DEPOSIT_PATH}`);
  await acceptCookies(page);
  const buy = page.getByRole('region', { name: 'Comprar' });
  await buy.getByRole('combobox', { name: 'Cantidad de Luneta' }).selectOption('2');
  await buy.getByLabel('Foto de tu comprobante').setInputFiles({
    name: 'boleta-deposito.png',
    mimeType: 'image/png',
    buffer: PROOF_PNG,
  });
  await expect(buy.getByText('Comprobante cargado: boleta-deposito.png')).toBeVisible();
  await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await page.getByLabel('Apellido', { exact: true }).fill('Pérez Ajú');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Confirma tu correo electrónico').fill(email);
  await page.getByLabel('Teléfono').fill('5555-1234');
  await page.getByLabel('Dirección').fill('6a Avenida 10-25, Zona 1');
  await page.getByLabel('NIT', { exact: true }).fill('C/F');
  await page.getByLabel('Número de boleta o referencia (opcional)').fill('BI-778812');
  await buy.getByRole('button', { name: 'Registrar Pago' }).click();
  // The upload check and the order on a machine shared with other test runs: a few seconds.
  await expect(page).toHaveURL(new RegExp(`/quicklink/success/${UUID}$`), { timeout: 20_000 });
  return new RegExp(`/success/(${UUID})$`).exec(page.url())?.[1] ?? '';
}

test('a deposit under review says what happens next; the mailed links open the order, codes and QR included, in a browser without cookies', async ({
  page,
  browser,
  playwright,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('correo-orden');
  const orderId = await registerDeposit(page, email);

  // The order page while the organiser has not decided: under review, no codes to wait for.
  await page.getByRole('link', { name: 'Ver mi orden' }).click();
  await expect(page).toHaveURL(`/orders/${orderId}`);
  await expect(page.getByText('Esperando aprobación')).toBeVisible();
  await expect(page.getByText('Estamos verificando tu depósito.')).toBeVisible();
  const steps = page.getByRole('list', { name: 'Qué sigue' }).getByRole('listitem');
  await expect(steps).toHaveCount(3);
  await expect(steps.nth(1)).toContainText(`a ${email}`);
  await expect(
    page.getByText('Tus códigos aparecerán aquí cuando confirmemos tu depósito.'),
  ).toBeVisible();
  await expect(page.getByText('Tus códigos aún se están generando')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Recargar' })).toHaveCount(0);
  await checkAtBothWidths(page, 'order-deposit-review');

  // The buyer heard of it at once, with a link that opens the order anywhere.
  const received = await waitForMail(email, /^Recibimos tu comprobante \(orden #\d+\)$/);
  expect(received.text).toContain('48 horas hábiles');
  expect(orderLinkOf(received)).toContain(`/orders/${orderId}?t=`);

  const organiser = await playwright.request.newContext({ baseURL });
  const login = await organiser.post('/auth/login', {
    headers: JSON_HEADERS,
    data: { username: ADMIN.email, password: ADMIN.password, role: 'Admin', forceLogin: true },
  });
  expect(login.status(), await login.text()).toBe(200);
  const confirmed = await organiser.post(`/admin/orders/${orderId}/deposit/confirm`, {
    headers: JSON_HEADERS,
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await organiser.dispose();

  // The tickets e-mail, opened on "another device": a new context has no cookie of the buyer's.
  const tickets = await waitForMail(email, /^Tus boletos de la orden #\d+$/);
  expect(tickets.text).toContain('¡Confirmamos tu depósito!');
  expect(tickets.text).toContain('Recibo de tu compra');
  const link = orderLinkOf(tickets);
  expect(link).toContain(`/orders/${orderId}?t=`);
  const elsewhere = await browser.newContext();
  expect(await elsewhere.cookies()).toEqual([]);
  const other = await elsewhere.newPage();
  await other.goto(link);
  await acceptCookies(other);
  await expect(other.getByText('Inicia sesión para ver tu orden')).toHaveCount(0);
  await expect(other.getByText('Estado de la orden: Aprobada')).toBeVisible();
  const qr = other.getByRole('img', { name: /^Código QR del boleto [A-Z0-9]{6}$/ });
  await expect(qr).toHaveCount(2);
  const width = await qr
    .first()
    .evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth));
  expect(width).toBeGreaterThan(0);
  const shown = (await qr.evaluateAll((images) => images.map((i) => i.getAttribute('alt'))))
    .map((alt) => alt?.slice(-6) ?? '')
    .sort();
  for (const code of shown) expect(tickets.text).toContain(code);
  await checkAtBothWidths(other, 'order-from-mail');
  await elsewhere.close();
});
