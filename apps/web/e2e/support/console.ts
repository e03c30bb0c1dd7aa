import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import { acceptCookies, fillLogin } from './accounts';

/*
 * The organiser console (/admin) as a person drives it: its login for the demo producer
 * or the admin, and the inputs its forms take.
 */

const DEMO = JSON.parse(
  readFileSync(new URL('../../../../prisma/demo-accounts.json', import.meta.url), 'utf8'),
) as { producer: { email: string; password: string } };

export const PRODUCER = { ...DEMO.producer, role: 'Productora' } as const;
export const ADMIN = {
  email: process.env.ADMIN_EMAIL ?? 'admin@taquilla.test',
  password: process.env.ADMIN_PASSWORD ?? 'Admin-Prueba-2026',
  role: 'Administración',
} as const;

type Organiser = { email: string; password: string; role: string };

/** A 1×1 PNG: the photo of a deposit slip. */
export const PROOF_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

export const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/** The console's menu: there once the organiser is in. */
export const consoleNav = (page: Page) =>
  page.getByRole('navigation', { name: 'Consola del organizador' });

/**
 * Logs in at /admin/login (a fresh context: the cookie notice is answered first) and,
 * if the account has another live session, closes it.
 */
export async function consoleLogin(page: Page, who: Organiser = PRODUCER) {
  await page.goto('/admin/login');
  await acceptCookies(page);
  await fillLogin(page, who.email, who.password);
  await page.getByLabel('Ingresar como').selectOption({ label: who.role });
  await page.getByRole('button', { name: 'Ingresar', exact: true }).click();
  const closeOther = page.getByRole('button', { name: 'Cerrar la otra sesión e ingresar' });
  await expect(closeOther.or(consoleNav(page))).toBeVisible();
  if (await closeOther.isVisible()) await closeOther.click();
  await expect(consoleNav(page)).toBeVisible();
}

/** `at` as a datetime-local input on Guatemala's clock (UTC−6 all year, no DST). */
export function guatemalaInput(at: Date): string {
  return new Date(at.getTime() - 6 * 60 * 60 * 1000).toISOString().slice(0, 16);
}

/** One of a show's console tabs. */
export async function openShowTab(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Secciones del evento' })
    .getByRole('link', { name, exact: true })
    .click();
}
