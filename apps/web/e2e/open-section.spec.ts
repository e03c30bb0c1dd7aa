import { mkdirSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { adminShowSchema, adminTicketSchema } from '@taquilla/contract';
import { acceptCookies } from './support/accounts';
import { consoleLogin } from './support/console';
import { organiserSession, registrationCodes } from './support/live-show';
import { PHONE_AND_DESKTOP as WIDTHS, pageProblems } from './support/page-check';

/*
 * Issue 20: an open (unnumbered) section's places carry their section and their door,
 * and a door is shown as the organiser typed it (decision 0055). A buyer sees
 * "Sección Pista" and "Ingreso por Puerta 1" on the cart line; the door's phone says
 * "Sección Pista · Ingreso por Puerta 1" for the ticket, never "Puerta Puerta 1".
 */

const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
const JSON_HEADERS = { Accept: 'application/json' };

/**
 * An in-person show with two open sections: "Pista" (free registration, door typed
 * "Puerta 1") and "Palco" (Q 120 + Q 10 of service fee, door typed "Norte").
 */
async function createOpenSectionShow(organiser: APIRequestContext) {
  const created = await organiser.post('/admin/shows', {
    data: {
      fullname: `Pista abierta ${Date.now().toString(36)}`,
      show_date: new Date(Date.now() + 2 * 60 * 60 * 1000).toISOString(),
      timezone: 'America/Guatemala',
      venue: 'Teatro Lux',
      type: 'VENUE',
      paid: true,
      status: 'ACTIVE',
      visible: false,
      settings: { registration: true, has_map: true, max_ticket_quantity: 4 },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const show = adminShowSchema.parse(await created.json());
  const ticket = await organiser.post(`/admin/shows/${show._id}/tickets`, {
    data: {
      code: 'PISTA',
      fullname: 'Pista general',
      type: 'VENUE_OPEN',
      price: 0,
      payment_type: ['REGISTRATION'],
      capacity: 50,
    },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  const ticketId = adminTicketSchema.parse(await ticket.json())._id;
  const box = await organiser.post(`/admin/shows/${show._id}/tickets`, {
    data: {
      code: 'PALCO',
      fullname: 'Palco',
      type: 'VENUE_OPEN',
      price: 120,
      fee: 10,
      payment_type: ['CREDIT_CARD'],
      capacity: 20,
    },
  });
  expect(box.status(), await box.text()).toBe(201);
  const boxTicketId = adminTicketSchema.parse(await box.json())._id;
  const map = await organiser.put(`/admin/shows/${show._id}/map`, {
    data: {
      name: 'Sala Lux',
      section_grid_rows: 1,
      section_grid_cols: 2,
      sections: [
        {
          name: 'Pista',
          type: 'OPEN',
          door: 'Puerta 1',
          section_grid_row: 0,
          section_grid_col: 0,
          ticket_uid: ticketId,
          capacity: 50,
        },
        {
          name: 'Palco',
          type: 'OPEN',
          door: 'Norte',
          section_grid_row: 0,
          section_grid_col: 1,
          ticket_uid: boxTicketId,
          capacity: 20,
        },
      ],
    },
  });
  expect(map.status(), await map.text()).toBe(200);
  return { id: show._id, ticketId, boxTicketId };
}

test('open sections’ cart lines show their section and door, the summary adds up, and the door’s phone shows the door as typed', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS_DIR, { recursive: true });
  const organiser = await organiserSession(playwright, baseURL as string);
  const show = await createOpenSectionShow(organiser);
  await organiser.dispose();

  // A buyer's browser holds places of both open sections (the call the show page makes).
  const sessionID = randomUUID();
  await page
    .context()
    .addCookies([{ name: 'sessionID', value: sessionID, url: baseURL as string }]);
  const added = await page.request.post(`/cart/${sessionID}/items`, {
    headers: JSON_HEADERS,
    data: {
      currency: 'GTQ',
      items: [
        { type: 'TICKET', ticket_uid: show.ticketId, show_uid: show.id, quantity: 2 },
        { type: 'TICKET', ticket_uid: show.boxTicketId, show_uid: show.id, quantity: 1 },
      ],
    },
  });
  expect(added.status(), await added.text()).toBe(200);
  await page.goto('/cart');
  await acceptCookies(page);
  const line = page.getByRole('list', { name: 'Boletos en tu carrito' }).getByRole('listitem');
  await expect(line).toHaveCount(2);
  const pista = line.filter({ hasText: 'Pista general' });
  await expect(pista).toContainText('Sección Pista');
  await expect(pista).toContainText('Ingreso por Puerta 1');
  const palco = line.filter({ hasText: 'Palco' });
  await expect(palco).toContainText('Sección Palco');
  await expect(palco).toContainText('Ingreso por Norte');
  await expect(page.getByText(/Puerta Puerta/)).toHaveCount(0);
  // The summary's rows add up: subtotal before fees, the fees, the total (decision 0055).
  const summary = page.getByRole('complementary', { name: 'Resumen de la compra' });
  const row = (label: string) => summary.getByText(label, { exact: true }).locator('..');
  await expect(row('Subtotal')).toContainText('Q 120.00');
  await expect(row('Cargos por servicio')).toContainText('Q 10.00');
  await expect(row('Total')).toContainText('Q 130.00');
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    await expect(pista).toContainText('Ingreso por Puerta 1');
    const problems = await pageProblems(
      page,
      `${SHOTS_DIR}/cart-open-section-${viewport.width}.png`,
    );
    expect(problems).toEqual([]);
  }

  // At the door: the ticket of that section, typed in, says where it comes in.
  const [code] = await registrationCodes(playwright, baseURL as string, show, 1);
  expect(code).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
  const door = await page.context().browser()!.newPage();
  await consoleLogin(door);
  await door.goto(`/admin/door?show=${show.id}`);
  await door.getByLabel('Código del boleto').fill(code!);
  await door.getByRole('button', { name: 'Validar código' }).click();
  const result = door.locator('.door-result[role="alert"]');
  await expect(result).toContainText('Adelante', { timeout: 15_000 });
  await expect(result).toContainText('Sección Pista · Ingreso por Puerta 1');
  await expect(result).not.toContainText('Puerta Puerta');
  for (const viewport of WIDTHS) {
    await door.setViewportSize(viewport);
    await expect(result).toContainText('Ingreso por Puerta 1');
    await door.screenshot({
      path: `${SHOTS_DIR}/door-open-section-${viewport.width}.png`,
      fullPage: true,
    });
  }
  await door.close();
});
