import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { loginResponseSchema } from '@taquilla/contract';
import { acceptCookies, fillLogin, uniqueEmail } from './support/accounts';
import { createStreamingShow, organiserSession, registrationCodes } from './support/live-show';

const JSON_HEADERS = { Accept: 'application/json' };
const PASSWORD = 'Activa-Boleto-2026';
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';

/**
 * A streamed show of the demo producer with a free registration ticket: someone
 * registers for it through the gateway and the worker issues the code. It opens the
 * stream (an online show's ticket): an in-person code goes to "Mis boletos" instead
 * (activation-in-person.spec.ts, decision 0058).
 */
async function issuedCode(
  playwright: { request: { newContext: (options: object) => Promise<APIRequestContext> } },
  baseURL: string,
): Promise<{ code: string; showId: string }> {
  const organiser = await organiserSession(playwright, baseURL);
  const show = await createStreamingShow(organiser, `Activación ${Date.now().toString(36)}`);
  await organiser.dispose();
  const [code] = await registrationCodes(playwright, baseURL, show, 1);
  return { code: code as string, showId: show.id };
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
  const { code, showId } = await issuedCode(playwright, baseURL ?? '');
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
  await expect(page).toHaveURL(`/shows/${showId}/player?activated=1`);

  // The same code again: this viewer already has the show (409), so the player opens.
  await page.goto(`/activate?code=${code}`);
  await page.getByRole('button', { name: 'Activar' }).click();
  await expect(page.getByText('Ya tienes un boleto activado para este show')).toBeVisible();
  await expect(page).toHaveURL(`/shows/${showId}/player`);
});
