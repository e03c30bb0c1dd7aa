import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { orderSchema } from '@taquilla/contract';
import { acceptCookies, uniqueEmail } from './support/accounts';

// The demo seed's deposit-only show (Luneta and Palco by bank deposit, NIT asked) and its
// free workshop (registration tickets, two required questions).
const DEPOSIT_PATH = 'raices-de-xela-marimba';
const REGISTRATION_PATH = 'taller-fotografia-antigua';
const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@taquilla.test',
  password: process.env.ADMIN_PASSWORD ?? 'Admin-Prueba-2026',
};
const JSON_HEADERS = { Accept: 'application/json' };
// Screenshots for a person to look at (the review of the forms).
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A 1×1 PNG: the proof of payment. */
const PROOF_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  for (const [size, viewport] of [
    ['390', PHONE],
    ['1280', DESKTOP],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.screenshot({ path: `${SHOTS_DIR}/${name}-${size}.png`, fullPage: true });
  }
}

async function fillBuyer(page: Page, email: string) {
  await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await page.getByLabel('Apellido', { exact: true }).fill('Pérez Ajú');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Confirma tu correo electrónico').fill(email);
}

/** The organiser's session, as the organiser console would open it. */
async function adminSession(request: APIRequestContext) {
  const login = await request.post('/auth/login', {
    headers: JSON_HEADERS,
    data: { username: ADMIN.email, password: ADMIN.password, role: 'Admin', forceLogin: true },
  });
  expect(login.status(), await login.text()).toBe(200);
}

test('a deposit buyer uploads the proof and registers the payment; once the organiser confirms it the order is approved', async ({
  page,
  playwright,
  baseURL,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`/shows/${DEPOSIT_PATH}`);
  await acceptCookies(page);
  const buy = page.getByRole('region', { name: 'Comprar' });
  // Deposit only: the method is chosen by itself and the form is the deposit form.
  await expect(buy.getByRole('radio', { name: 'Depósito o transferencia' })).toBeChecked();
  await expect(buy.getByText('Banco Industrial')).toBeVisible();
  const submit = buy.getByRole('button', { name: 'Registrar Pago' });
  await expect(submit).toBeDisabled();

  await buy.getByRole('combobox', { name: 'Cantidad de Luneta' }).selectOption('2');
  await expect(buy.getByText('Total', { exact: true }).locator('..')).toContainText('Q 300.00');
  await buy.getByLabel('Foto de tu comprobante').setInputFiles({
    name: 'boleta-deposito.png',
    mimeType: 'image/png',
    buffer: PROOF_PNG,
  });
  await expect(buy.getByText('Comprobante cargado: boleta-deposito.png')).toBeVisible();
  const email = uniqueEmail('deposito');
  await fillBuyer(page, email);
  await page.getByLabel('Teléfono').fill('5555-1234');
  await page.getByLabel('Dirección').fill('6a Avenida 10-25, Zona 1');
  await page.getByLabel('NIT', { exact: true }).fill('12');
  await page.getByLabel('NIT', { exact: true }).blur();
  await expect(
    page.getByText('NIT inválido. Por favor verifica el formato o usa C/F.'),
  ).toBeVisible();
  await expect(submit).toBeDisabled();
  await page.getByLabel('NIT', { exact: true }).fill('C/F');
  await page.getByLabel('Número de boleta o referencia (opcional)').fill('BI-778812');
  await page.getByLabel('Banco desde el que depositaste (opcional)').fill('Banrural');
  await expect(submit).toBeEnabled();
  await shoot(page, 'deposit-form');

  await submit.click();
  await expect(page).toHaveURL(new RegExp(`/shows/${UUID}/quicklink/success/(${UUID})$`));
  await expect(page.getByRole('heading', { name: 'Registramos tu pago' })).toBeVisible();
  await expect(page.getByText(/48 horas hábiles/)).toBeVisible();
  const orderId = new RegExp(`/success/(${UUID})$`).exec(page.url())?.[1] ?? '';
  // The cart was checked out: the menu counter is back to nothing.
  await expect(page.getByRole('link', { name: /^Carrito:/ })).toContainText('0 boletos');

  const waiting = orderSchema.parse(
    await (await page.request.get(`/viewers/orders/${orderId}`, { headers: JSON_HEADERS })).json(),
  );
  expect(waiting).toMatchObject({
    status: 'WAITING_CONFIRMATION',
    payment_type: 'BANK_DEPOSIT',
    total: 300,
    payment_info: { email, reference: 'BI-778812' },
  });

  const organiser = await playwright.request.newContext({ baseURL });
  await adminSession(organiser);
  const confirmed = await organiser.post(`/admin/orders/${orderId}/deposit/confirm`, {
    headers: JSON_HEADERS,
  });
  expect(confirmed.status(), await confirmed.text()).toBe(200);
  await organiser.dispose();

  await page.getByRole('link', { name: 'Ver mi orden' }).click();
  await expect(page).toHaveURL(`/orders/${orderId}`);
  await expect(page.getByRole('main')).toContainText('Aprobada');
  const approved = orderSchema.parse(
    await (await page.request.get(`/viewers/orders/${orderId}`, { headers: JSON_HEADERS })).json(),
  );
  expect(approved.status).toBe('APPROVED');
});

test('a visitor registers for a free workshop and lands on the registration success page', async ({
  page,
}) => {
  await page.setViewportSize(DESKTOP);
  await page.goto(`/shows/${REGISTRATION_PATH}`);
  await acceptCookies(page);
  const register = page.getByRole('region', { name: 'Regístrate' });
  const submit = register.getByRole('button', { name: 'Completar Registro' });
  await expect(submit).toBeDisabled();

  await register
    .getByRole('combobox', { name: 'Cantidad de Inscripción gratuita' })
    .selectOption('1');
  await fillBuyer(page, uniqueEmail('registro'));
  await expect(submit).toBeDisabled();
  await register.getByLabel('Institución o empresa').fill('Universidad de San Carlos');
  await register.getByLabel('Nivel de experiencia').selectOption('intermedio');
  await expect(submit).toBeEnabled();
  await shoot(page, 'registration-form');

  await submit.click();
  await expect(page).toHaveURL(new RegExp(`/shows/${UUID}/registration/success/${UUID}$`));
  await expect(page.getByRole('heading', { name: '¡Tu registro está completo!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Ver mi orden' })).toHaveAttribute(
    'href',
    new RegExp(`^/orders/${UUID}$`),
  );
});
