import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { loginResponseSchema, orderSchema, showSchema } from '@taquilla/contract';
import { acceptCookies, fillLogin, uniqueEmail } from './support/accounts';

// The demo seed's free workshop: its registration order is approved at once and the
// worker issues one ticket code per place.
const REGISTRATION_PATH = 'taller-fotografia-antigua';
const JSON_HEADERS = { Accept: 'application/json' };
const PASSWORD = 'Activa-Boleto-2026';
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';

/**
 * Someone registers for the workshop through the gateway (cart, then POST /cart/orders)
 * from a browser session of their own, and waits for the tickets job to issue the code.
 */
async function issuedCode(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
): Promise<{ code: string; showId: string }> {
  const sessionID = randomUUID();
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { ...JSON_HEADERS, Cookie: `sessionID=${sessionID}` },
  });
  const show = showSchema.parse(await (await api.get(`/shows/${REGISTRATION_PATH}`)).json());
  const tickets = (await (
    await api.get(`/shows/${show._id}/tickets?paymentType=REGISTRATION`)
  ).json()) as { items: { _id: string }[] };
  const cart = await api.post(`/cart/${sessionID}/items`, {
    data: {
      currency: 'GTQ',
      payment_type: 'REGISTRATION',
      items: [
        { type: 'TICKET', ticket_uid: tickets.items[0]?._id, show_uid: show._id, quantity: 1 },
      ],
    },
  });
  expect(cart.status(), await cart.text()).toBe(200);
  const placed = await api.post('/cart/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      payment_type: 'REGISTRATION',
      currency: 'GTQ',
      session_id: sessionID,
      cart_uid: ((await cart.json()) as { _id: string })._id,
      payment_info: {
        firstname: 'Marta',
        lastname: 'Chávez',
        email: uniqueEmail('regalo'),
        country: 'GT',
        custom_fields: { institucion: 'Colegio Belga', nivel: 'principiante' },
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = orderSchema.parse(await placed.json());
  expect(order.status).toBe('APPROVED');

  let code = '';
  await expect
    .poll(
      async () => {
        const read = orderSchema.parse(
          await (await api.get(`/viewers/orders/${order._id}`)).json(),
        );
        code = read.codes[0]?.code ?? '';
        return code;
      },
      { message: 'the tickets job issues the code', timeout: 20_000 },
    )
    .toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
  await api.dispose();
  return { code, showId: show._id };
}

/** An account with its viewer, as the signup makes it; its own session is closed after. */
async function viewerAccount(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
) {
  const email = uniqueEmail('activa');
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: JSON_HEADERS });
  const created = await api.post('/auth/users', {
    data: { email, username: email, password: PASSWORD, fullname: 'Pedro Coj', roles: ['Viewer'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { user, session } = loginResponseSchema.parse(await created.json());
  expect((await api.post('/viewers/viewers', { data: { user_uid: user._id } })).ok()).toBe(true);
  expect((await api.put(`/auth/sessions/${session._id}/logout`)).ok()).toBe(true);
  await api.dispose();
  return email;
}

test('a person signs in, activates the code of an approved order and goes to the show player', async ({
  page,
  playwright,
  baseURL,
}) => {
  const { code } = await issuedCode(playwright, baseURL ?? '');
  const email = await viewerAccount(playwright, baseURL ?? '');

  // /activate asks for a login first (002 §2.1) and comes back with the code.
  await page.goto(`/activate?code=${code.toLowerCase()}`);
  await expect(page).toHaveURL(`/login?redirect=/activate?code=${code.toLowerCase()}`);
  await acceptCookies(page);
  await fillLogin(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();

  await expect(page).toHaveURL(`/activate?code=${code.toLowerCase()}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activa tu boleto');
  const field = page.getByRole('textbox', { name: 'Código del boleto' });
  await expect(field).toHaveValue(code);

  await field.fill('');
  await page.getByRole('button', { name: 'Activar' }).click();
  await expect(page.getByText('Por favor llena todos los campos con borde rojo')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');

  await field.fill(code.toLowerCase());
  await expect(field).toHaveValue(code);
  mkdirSync(SHOTS_DIR, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS_DIR}/activate-page-390.png` });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS_DIR}/activate-page-1280.png` });
  await page.getByRole('button', { name: 'Activar' }).click();

  await expect(page.getByText('Tu boleto ha sido activado exitosamente')).toBeVisible();
  // The show has a vanity path: its player is /{path}/player, the query kept (002 §2.2).
  await expect(page).toHaveURL(`/${REGISTRATION_PATH}/player?activated=1`);

  // The same code again: this viewer already has the show (409), so the player opens.
  await page.goto(`/activate?code=${code}`);
  await page.getByRole('button', { name: 'Activar' }).click();
  await expect(page.getByText('Ya tienes un boleto activado para este show')).toBeVisible();
  await expect(page).toHaveURL(`/${REGISTRATION_PATH}/player`);
});
