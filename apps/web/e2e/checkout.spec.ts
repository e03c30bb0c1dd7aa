import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { showSchema } from '@taquilla/contract';
import { acceptCookies, uniqueEmail } from './support/accounts';

const GALA_PATH = 'noche-de-gala-sinfonica';
const CHALLENGE_CARD = '4000000000003220';
const DECLINED_CARD = '4000000000000093';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

async function galaId(request: APIRequestContext): Promise<string> {
  const response = await request.get(`/shows/${GALA_PATH}`, {
    headers: { Accept: 'application/json' },
  });
  expect(response.ok()).toBe(true);
  return showSchema.parse(await response.json())._id;
}

/**
 * A guest of their own (own cookies, so own cart) holds the first free Balcón seat of
 * the gala's first función; the other specs take Platea seats.
 */
async function holdBalconySeat(
  browser: Browser,
  showId: string,
): Promise<{ page: Page; seat: string }> {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  await page.goto(`/shows/${showId}`);
  await acceptCookies(page);
  const buy = page.getByRole('region', { name: 'Comprar' });
  await buy.getByRole('group', { name: 'Elige la función' }).getByRole('radio').first().check();
  await buy
    .getByRole('group', { name: 'Gran Sala Efraín Recinos' })
    .getByRole('button', { name: /^Balcón, Q [\d.,]+, \d+ disponibles$/ })
    .click();
  const free = buy
    .getByRole('group', { name: 'Asientos de Balcón' })
    .getByRole('button', { name: /^\d+, Asiento \w+, disponible$/ })
    .first();
  const label = (await free.getAttribute('aria-label')) ?? '';
  const seat = /, Asiento (\w+),/.exec(label)?.[1] ?? '';
  expect(seat).not.toBe('');
  await free.click();
  await expect(page.getByText(`El asiento ${seat} fue agregado a tu carrito`)).toBeVisible();
  return { page, seat };
}

async function fillBuyerAndCard(page: Page, card: string) {
  const email = uniqueEmail('compra');
  await page.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await page.getByLabel('Apellido', { exact: true }).fill('Pérez Ajú');
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Confirmar correo electrónico').fill(email);
  await page.getByLabel('Teléfono').fill('5555-1234');
  await page.getByLabel('Dirección').fill('6a Avenida 10-25, Zona 1');
  await page.getByLabel('Nombre en la tarjeta').fill('LUCIA PEREZ');
  await page.getByLabel('Número de la tarjeta').fill(card);
  await page.getByLabel('Fecha de expiración (MM/AA)').fill('1230');
  await page.getByLabel('Código de seguridad (CVV)').fill('123');
  await page.getByLabel('Código de seguridad (CVV)').blur();
  return email;
}

/** A shot for a person to look at: in E2E_SHOTS_DIR when set, else in the test's output. */
async function screenshotOf(page: Page, name: string, fullPage = false) {
  const dir = process.env.E2E_SHOTS_DIR ?? test.info().outputPath();
  mkdirSync(dir, { recursive: true });
  // From the top: a full-page shot of a scrolled page draws the sticky menu mid-page.
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${dir}/${name}.png`, fullPage });
}

/** The whole page on a desktop and on a phone. */
async function screenshots(page: Page, name: string) {
  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await screenshotOf(page, `${name}-${size}`, true);
  }
  await page.setViewportSize(DESKTOP);
}

test('a guest pays by card with 3-D Secure and gets the order page with the codes and their QR images', async ({
  browser,
  request,
}) => {
  const { page, seat } = await holdBalconySeat(browser, await galaId(request));

  await page.goto('/cart');
  await page.getByRole('link', { name: 'Finalizar la Compra' }).click();
  // /cart/checkout needs a login; the login page offers the guest checkout on the way there.
  await expect(page).toHaveURL('/login?redirect=/cart/checkout');
  await page.getByRole('link', { name: 'Continuar como invitado' }).click();
  await expect(page).toHaveURL('/cart/checkout/guest');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagar Orden (Invitado)');
  await expect(
    page.getByRole('list', { name: 'Boletos en tu carrito' }).getByRole('listitem'),
  ).toContainText(`Asiento ${seat}`);

  const pay = page.getByRole('button', { name: 'Pagar', exact: true });
  await expect(pay).toBeDisabled();
  await fillBuyerAndCard(page, CHALLENGE_CARD);
  await expect(page.getByLabel('Número de la tarjeta')).toHaveValue('4000 0000 0000 3220');
  await expect(page.getByText('Tarjeta Visa')).toBeVisible();
  await expect(pay).toBeEnabled();
  await screenshots(page, 'checkout');

  await pay.click();
  const dialog = page.getByRole('dialog', { name: 'Verificación 3-D Secure' });
  await expect(dialog).toBeVisible();
  const challenge = page.frameLocator('iframe[title="Página de verificación de tu banco"]');
  await expect(challenge.getByRole('heading', { name: /Verificación 3-D Secure/ })).toBeVisible();
  await page.setViewportSize(PHONE);
  await screenshotOf(page, '3ds-390');
  await page.setViewportSize(DESKTOP);
  await challenge.getByRole('button', { name: 'Aprobar' }).click();

  await expect(page).toHaveURL(/\/orders\/[0-9a-f-]{36}\?new=1$/);
  await expect(page.getByText('¡Gracias por tu compra!')).toBeVisible();
  await expect(page.getByText('Estado de la orden: Aprobada')).toBeVisible();
  await expect(page.getByText('**** 3220 · Visa')).toBeVisible();
  // The places are sold: no countdown any more.
  await expect(page.getByRole('timer')).toHaveCount(0);

  // The worker's tickets job issues the codes; the page looks again by itself, and the
  // reload link starts it over if the job takes longer.
  const qr = page.getByRole('img', { name: /^Código QR del boleto [A-Z0-9]{6}$/ });
  await expect(async () => {
    const reload = page.getByRole('button', { name: 'Recargar' });
    if (await reload.isVisible()) await reload.click();
    await expect(qr.first()).toBeVisible({ timeout: 4_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByText('Tus códigos aún se están generando')).toHaveCount(0);
  const loaded = await qr
    .first()
    .evaluate((image: HTMLImageElement) => image.decode().then(() => image.naturalWidth));
  expect(loaded).toBeGreaterThan(0);
  await expect(page.getByRole('button', { name: 'Reenviar boletos' })).toBeVisible();
  await screenshots(page, 'order');
  // What "Imprimir" prints: the order and its codes, without the site around them.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await screenshotOf(page, 'order-print', true);
  await page.context().close();
});

test('a declined card shows the bank’s text and keeps the seat in the cart', async ({
  browser,
  request,
}) => {
  const { page, seat } = await holdBalconySeat(browser, await galaId(request));

  await page.goto('/cart/checkout/guest');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pagar Orden (Invitado)');
  await fillBuyerAndCard(page, DECLINED_CARD);
  await page.getByRole('button', { name: 'Pagar', exact: true }).click();

  const alert = page.getByRole('alert').filter({ hasText: 'Tu tarjeta fue rechazada' });
  await expect(alert).toContainText(
    'La transacción fue rechazada por el banco emisor de tu tarjeta. Revisa que los datos estén correctos o comunícate con tu banco.',
  );
  await expect(page).toHaveURL('/cart/checkout/guest');
  await screenshots(page, 'checkout-declined');

  await page.getByRole('button', { name: 'Modificar orden' }).click();
  await expect(page).toHaveURL('/cart');
  const lines = page.getByRole('list', { name: 'Boletos en tu carrito' }).getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines.first()).toContainText(`Asiento ${seat}`);
  await expect(page.getByRole('timer')).toBeVisible();
  await page.context().close();
});
