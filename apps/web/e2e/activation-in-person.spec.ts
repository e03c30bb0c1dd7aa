import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext } from '@playwright/test';
import { orderSchema, showSchema, venueMapSchema } from '@taquilla/contract';
import { acceptCookies, fillLogin } from './support/accounts';
import { viewerAccount } from './support/live-show';
import { PHONE_AND_DESKTOP as WIDTHS, pageProblems } from './support/page-check';

/*
 * Issue 20 item 8 (decision 0058): a theatre seat activates into "Mis boletos" with its
 * QR, seat and door, and never sends its holder to the player (which would refuse it).
 */

const GALA_PATH = 'noche-de-gala-sinfonica';
const JSON_HEADERS = { Accept: 'application/json' };
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';

type RequestFactory = { request: { newContext: (options: object) => Promise<APIRequestContext> } };

/**
 * A buyer picks a Platea seat of the gala's second función on the map and pays by card
 * (the sandbox's test Visa) through the gateway; the tickets job issues its code.
 */
async function seatCode(playwright: RequestFactory, baseURL: string) {
  const sessionID = randomUUID();
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { ...JSON_HEADERS, Cookie: `sessionID=${sessionID}` },
  });
  const gala = showSchema.parse(await (await api.get(`/shows/${GALA_PATH}`)).json());
  const dates = (await (
    await api.get(`/shows/?parent=${gala._id}&filter=CURRENT&visible=-1`)
  ).json()) as { items: { _id: string }[] };
  const date = dates.items.at(-1)!._id;
  const map = venueMapSchema.parse(await (await api.get(`/shows/${gala._id}/map`)).json());
  const platea = map.sections.find((section) => section.name === 'Platea')!;
  const seats = (await (
    await api.post(`/shows/${date}/map/seats`, {
      data: { location: map._id, section: platea._id, cart: sessionID },
    })
  ).json()) as { _id: string; name: string; available: boolean; show_ticket_uid: string }[];
  const seat = seats.filter((candidate) => candidate.available).at(-1)!;
  const cart = await api.post(`/cart/${sessionID}/items`, {
    data: {
      currency: 'GTQ',
      items: [
        {
          type: 'TICKET',
          ticket_uid: seat.show_ticket_uid,
          show_uid: date,
          quantity: 1,
          seat: seat._id,
        },
      ],
    },
  });
  expect(cart.status(), await cart.text()).toBe(200);
  const placed = await api.post('/cart/orders', {
    headers: { 'Idempotency-Key': randomUUID() },
    data: {
      payment_type: 'CREDIT_CARD',
      currency: 'GTQ',
      session_id: sessionID,
      cart_uid: ((await cart.json()) as { _id: string })._id,
      payment_info: {
        firstname: 'Lucía',
        lastname: 'Tum',
        email: 'lucia.tum@example.com',
        phone: '55551234',
        address: 'Ciudad',
        city: 'Guatemala',
        state: 'Guatemala',
        country: 'GT',
        nit: 'C/F',
        cc_name: 'LUCIA TUM',
        cc_number: '4111111111111111',
        cc_exp: '12/30',
        cc_cvv2: '123',
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = orderSchema.parse(await placed.json());
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
  return { code, seat: seat.name, row: seat.name.replace(/\d+$/, '') };
}

test('a theatre seat activates into "Mis boletos" with its QR, seat and door, never the player', async ({
  page,
  playwright,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const { code, seat, row } = await seatCode(playwright, baseURL as string);
  const account = await viewerAccount(playwright, baseURL as string, 'Lucía Tum');

  await page.goto(`/activate?code=${code}`);
  await acceptCookies(page);
  await fillLogin(page, account.email, account.password);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Activa tu boleto');
  const players: string[] = [];
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame() && /\/player/.test(frame.url())) players.push(frame.url());
  });
  await page.getByRole('button', { name: 'Activar' }).click();

  await expect(page.getByText('Tu boleto ha sido activado exitosamente')).toBeVisible();
  await expect(page).toHaveURL('/user/shows');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mis boletos');
  const card = page.getByRole('article').filter({ hasText: code });
  await expect(card).toContainText('Noche de Gala Sinfónica');
  const qr = card.getByRole('img', { name: `Código QR del boleto ${code}` });
  await expect(qr).toBeVisible();
  // The QR is the server's PNG of this very code, and it loaded.
  expect(await qr.getAttribute('src')).toMatch(new RegExp(`/etickets/qr/${code}$`));
  await expect
    .poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBeGreaterThan(0);
  const place = card.getByRole('list', { name: 'Tu lugar' });
  await expect(place).toContainText('Sección Platea');
  await expect(place).toContainText(`Fila ${row}`);
  await expect(place).toContainText(`Asiento ${seat}`);
  await expect(place).toContainText('Puerta 1');
  await expect(card.getByRole('link', { name: /Ver evento/ })).toHaveCount(0);
  await expect(card.getByRole('button', { name: /Ver evento/ })).toHaveCount(0);
  await expect(page.getByText(/Solicita tu boleto/)).toHaveCount(0);
  await expect(page.getByText(/Aún no es posible el ingreso/)).toHaveCount(0);
  expect(players).toEqual([]);

  mkdirSync(SHOTS_DIR, { recursive: true });
  const problems: string[] = [];
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    problems.push(
      ...(await pageProblems(page, `${SHOTS_DIR}/my-tickets-seat-${viewport.width}.png`)),
    );
  }
  expect(problems).toEqual([]);
});
