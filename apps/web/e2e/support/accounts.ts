import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import { loginResponseSchema } from '@taquilla/contract';

const JSON_HEADERS = { Accept: 'application/json' };

/** An address no earlier run used. */
export function uniqueEmail(label: string): string {
  return `e2e+${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@taquilla.test`;
}

/**
 * Creates an account through the gateway, as the signup's create-user call does. That
 * call also signs `request` in: the account then has a live session elsewhere.
 */
export async function createAccount(
  request: APIRequestContext,
  account: { email: string; password: string; fullname: string },
) {
  const response = await request.post('/auth/users', {
    headers: JSON_HEADERS,
    data: { ...account, username: account.email, roles: ['Viewer'] },
  });
  expect(response.status(), await response.text()).toBe(201);
  return loginResponseSchema.parse(await response.json());
}

export async function sessionStatus(request: APIRequestContext): Promise<number> {
  return (await request.get('/auth/session', { headers: JSON_HEADERS })).status();
}

export async function acceptCookies(page: Page) {
  await page.getByRole('region', { name: 'Aviso de cookies' }).getByRole('button').click();
}

export async function fillLogin(page: Page, email: string, password: string) {
  await page.getByLabel('Correo electrónico', { exact: true }).fill(email);
  await page.getByLabel('Contraseña', { exact: true }).fill(password);
}
