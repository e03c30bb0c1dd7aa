import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { acceptCookies, uniqueEmail } from './support/accounts';
import {
  PROOF_PNG,
  UUID,
  consoleLogin,
  consoleNav,
  guatemalaInput,
  openShowTab,
} from './support/console';
import { hideFromCamera, installFakeCamera, showToCamera } from './support/fake-camera';
import { FIGURES, orderWithFeeAndDiscount } from './support/order-figures';
import { PHONE_AND_DESKTOP, pageProblems } from './support/page-check';

/*
 * The organiser console end to end (issue 11): the demo producer creates a show paid by
 * bank deposit, gives it a ticket and a one-section seat map and puts it on sale; a buyer
 * in another browser buys a seat with a photo of the slip; the producer confirms the
 * deposit, admits the buyer at the door with the ticket's QR held up to a (fake) camera
 * and refuses the second scan, runs the show live with a poll, and downloads the sales
 * CSV. One browser page per person, kept across the steps (serial).
 */

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 1366, height: 900 } });

const RUN = Date.now().toString(36);
const SHOW_NAME = `Consola de prueba ${RUN}`;
const SHOW_PATH = `consola-de-prueba-${RUN}`;
const TICKET_NAME = 'Platea numerada';
const SECTION_NAME = 'Platea';
const BUYER_EMAIL = uniqueEmail('consola');
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
/** The page ignores a code while it keeps being seen, until 3 s after its last sighting. */
const SAME_CODE_WINDOW_MS = 3000;

let producer: Page;
let buyer: Page;
let showId = '';
let orderId = '';
let ticketCode = '';

async function newPage(browser: Browser, baseURL: string | undefined, width: number) {
  const context = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  return context.newPage();
}

test.beforeAll(async ({ browser, baseURL }) => {
  producer = await newPage(browser, baseURL, 1366);
  await installFakeCamera(producer);
  // The buyer is a visitor on a phone, in a browser of their own.
  buyer = await newPage(browser, baseURL, 390);
});

/** The producer's page at a phone's and a desktop's width: shots to look at, and no problems. */
async function shotsOf(page: Page, name: string) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  const problems: string[] = [];
  for (const viewport of PHONE_AND_DESKTOP) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, 0));
    problems.push(...(await pageProblems(page, `${SHOTS_DIR}/${name}-${viewport.width}.png`)));
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(problems).toEqual([]);
}

test.afterAll(async () => {
  await producer.context().close();
  await buyer.context().close();
});

test('the producer creates a show paid by bank deposit', async () => {
  await consoleLogin(producer);
  await consoleNav(producer).getByRole('link', { name: 'Eventos' }).click();
  await producer.goto('/admin/shows/new');
  await expect(producer.getByRole('heading', { level: 1 })).toHaveText('Nuevo evento');

  await producer.getByLabel('Nombre del evento').fill(SHOW_NAME);
  await producer.getByLabel('Lugar', { exact: true }).fill('Teatro Lux');
  // Two hours from now: on sale, and at the door today.
  await producer
    .getByLabel('Fecha y hora')
    .fill(guatemalaInput(new Date(Date.now() + 2 * 60 * 60 * 1000)));
  await producer.getByLabel('Visible en la cartelera').uncheck();
  await producer.getByLabel('Venta con mapa de butacas').check();
  await producer.getByLabel('Ruta del evento').fill(SHOW_PATH);
  // No quick-buy link is typed: a deposit show gets its own quick-buy page (decision 0031).
  await producer.getByLabel('Permitir encuestas').check();
  await producer.getByLabel('Acepta depósito bancario').check();
  await producer.getByLabel('Solo depósito (sin tarjeta)').check();
  await producer.getByRole('button', { name: 'Agregar dato' }).click();
  await producer.getByLabel('Dato 1: nombre').fill('Banco');
  await producer.getByLabel('Dato 1: valor').fill('Banco Industrial');
  await producer.getByRole('button', { name: 'Agregar dato' }).click();
  await producer.getByLabel('Dato 2: nombre').fill('Cuenta monetaria');
  await producer.getByLabel('Dato 2: valor').fill('123-456789-0');
  await producer.getByRole('button', { name: 'Crear evento' }).click();

  await expect(producer).toHaveURL(new RegExp(`/admin/shows/${UUID}$`));
  showId = new RegExp(`/admin/shows/(${UUID})$`).exec(producer.url())?.[1] ?? '';
  await expect(producer.getByRole('heading', { level: 1 })).toContainText(SHOW_NAME);
  await expect(producer.getByLabel('Dato 1: valor')).toHaveValue('Banco Industrial');
});

test('the producer adds a ticket sold by deposit and a one-section seat map', async () => {
  await openShowTab(producer, 'Boletos');
  await expect(producer).toHaveURL(`/admin/shows/${showId}/tickets`);
  await expect(producer.getByText('Este evento todavía no tiene boletos.')).toBeVisible();
  await producer.getByRole('button', { name: 'Nuevo boleto' }).click();
  await producer.getByLabel('Código', { exact: true }).fill('PLATEA');
  await producer.getByLabel('Nombre', { exact: true }).fill(TICKET_NAME);
  await producer.getByLabel('Precio (GTQ)').fill('150.00');
  await producer.getByLabel('Capacidad', { exact: true }).fill('20');
  await producer.getByLabel('Tarjeta', { exact: true }).uncheck();
  await producer.getByLabel('Depósito bancario', { exact: true }).check();
  await producer.getByRole('button', { name: 'Crear boleto' }).click();
  await expect(producer.getByText(`Se guardó el boleto ${TICKET_NAME}.`)).toBeVisible();
  await expect(producer.getByRole('table')).toContainText(TICKET_NAME);

  await openShowTab(producer, 'Mapa');
  await expect(producer).toHaveURL(`/admin/shows/${showId}/map`);
  await producer.getByRole('button', { name: 'Fila 1, columna 1: vacía, agregar sección' }).click();
  await producer.getByLabel('Nombre de la sección').fill(SECTION_NAME);
  await expect(producer.getByLabel('Tipo', { exact: true })).toHaveValue('SEATS');
  await producer.getByLabel('Filas', { exact: true }).fill('2');
  await producer.getByLabel('Asientos por fila').fill('4');
  await producer.getByLabel('Boleto que vende').selectOption({ label: TICKET_NAME });
  await producer.getByRole('button', { name: 'Guardar mapa' }).click();
  await expect(producer.getByText('Se guardó el mapa y se generaron sus asientos.')).toBeVisible();
});

test('the live room of the draft says why each button cannot act', async () => {
  await openShowTab(producer, 'En vivo');
  await expect(producer).toHaveURL(`/admin/shows/${showId}/live`);
  const reason =
    'No disponible: el evento está en borrador. Para transmitir, publica el evento: cambia su estado en la pestaña General.';
  const controls = producer.getByRole('region', { name: 'Transmisión' });
  for (const name of ['Iniciar', 'Reiniciar', 'Problemas técnicos', 'Telón', 'Terminar']) {
    const button = controls.getByRole('button', { name, exact: true });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription(reason);
  }
  const chat = producer.getByRole('region', { name: 'Chat' });
  await expect(chat.getByText(/Iniciar no puede abrirlo/)).toBeVisible();
  await expect(chat.getByText(/Iniciar lo abre/)).toHaveCount(0);
  await expect(chat.getByRole('button', { name: 'Enviar aviso' })).toBeDisabled();
  await expect(
    chat.getByText('No disponible: los avisos se envían con el chat abierto.'),
  ).toBeVisible();
  await shotsOf(producer, 'console-live-draft');
});

test('the producer puts the show on sale through the status control', async () => {
  await openShowTab(producer, 'General');
  await producer.getByLabel('Estado del evento').selectOption({ label: 'A la venta' });
  await producer.getByRole('button', { name: 'Cambiar estado' }).click();
  const dialog = producer.getByRole('dialog', { name: '¿Cambiar el estado a «A la venta»?' });
  await dialog.getByRole('button', { name: 'Cambiar a «A la venta»' }).click();
  await expect(dialog).toBeHidden();
  await expect(producer.getByText('Estado cambiado a «A la venta».')).toBeVisible();
});

test('a buyer buys a seat by bank deposit with a photo of the slip', async () => {
  await buyer.goto(`/shows/${SHOW_PATH}`);
  await acceptCookies(buyer);
  await expect(buyer.getByRole('heading', { level: 1 })).toHaveText(SHOW_NAME);
  const buy = buyer.getByRole('region', { name: 'Comprar' });
  await expect(buy.getByRole('radio', { name: 'Depósito o transferencia' })).toBeChecked();
  await expect(buy.getByText('Banco Industrial')).toBeVisible();

  // The deposit form sells places by quantity; the seats are the ticket's on the map.
  await buy.getByRole('combobox', { name: `Cantidad de ${TICKET_NAME}` }).selectOption('1');
  await expect(buy.getByText('Total', { exact: true }).locator('..')).toContainText('Q 150.00');

  await buy.getByLabel('Foto de tu comprobante').setInputFiles({
    name: 'boleta.png',
    mimeType: 'image/png',
    buffer: PROOF_PNG,
  });
  await buyer.getByLabel('Nombre', { exact: true }).fill('Lucía');
  await buyer.getByLabel('Apellido', { exact: true }).fill('Pérez Ajú');
  await buyer.getByLabel('Correo electrónico', { exact: true }).fill(BUYER_EMAIL);
  await buyer.getByLabel('Confirma tu correo electrónico').fill(BUYER_EMAIL);
  const phone = buyer.getByLabel('Teléfono');
  if (await phone.isVisible()) await phone.fill('5555-1234');
  await buyer.getByLabel('Dirección').fill('6a Avenida 10-25, Zona 1');
  await buyer.getByLabel('Número de boleta o referencia (opcional)').fill(`BI-${RUN}`);
  await buy.getByRole('button', { name: 'Registrar Pago' }).click();

  await expect(buyer).toHaveURL(new RegExp(`/success/${UUID}$`));
  await expect(buyer.getByRole('heading', { name: 'Registramos tu pago' })).toBeVisible();
  orderId = new RegExp(`/success/(${UUID})$`).exec(buyer.url())?.[1] ?? '';
});

test('the producer confirms the deposit in the queue', async () => {
  await producer.goto('/admin/orders/deposits');
  const card = producer.getByRole('article').filter({ hasText: BUYER_EMAIL });
  await expect(card).toBeVisible();
  await expect(card).toContainText(SHOW_NAME);
  await expect(card.getByRole('img')).toBeVisible();
  await card.getByRole('button', { name: 'Confirmar depósito' }).click();
  const dialog = producer.getByRole('dialog', { name: /^Confirmar el depósito de la orden #\d+$/ });
  await dialog.getByRole('button', { name: 'Confirmar depósito' }).click();
  await expect(producer.getByText(/^Depósito de la orden #\d+ confirmado$/)).toBeVisible();
  await expect(card).toBeHidden();
});

test('the buyer reads the ticket code on the order page', async () => {
  await buyer.getByRole('link', { name: 'Ver mi orden' }).click();
  await expect(buyer).toHaveURL(`/orders/${orderId}`);
  await expect(buyer.getByRole('main')).toContainText('Aprobada');
  const code = buyer
    .getByRole('list', { name: `Códigos de ${SHOW_NAME}` })
    .locator('.order-code__text');
  // The tickets job issues the code a moment after the approval.
  await expect(async () => {
    await buyer.reload();
    await expect(code).toHaveCount(1, { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  ticketCode = (await code.innerText()).trim();
  expect(ticketCode).toMatch(/^[2-9A-HJKMNP-Z]{6}$/);
});

test('the producer admits the ticket at the door and refuses it the second time', async () => {
  test.setTimeout(60_000); // two scans 3.5 s apart, each decoded in the browser's wasm reader
  const result = producer.locator('.door-result[role="alert"]');
  await producer.goto('/admin/door');
  const door = producer.getByLabel('Evento de esta puerta');
  const option = door.locator('option').filter({ hasText: SHOW_NAME });
  await door.selectOption((await option.getAttribute('value')) ?? '');
  await expect(producer.getByText('0 de 1 ingresaron')).toBeVisible();
  await producer.getByRole('button', { name: 'Escanear con la cámara' }).click();
  await showToCamera(producer, `/etickets/qr/${ticketCode}`);
  await expect(result).toContainText('Adelante', { timeout: 15_000 });
  await expect(result).toContainText(TICKET_NAME);
  await expect(producer.getByText('1 de 1 ingresaron')).toBeVisible();

  await hideFromCamera(producer);
  await producer.waitForTimeout(SAME_CODE_WINDOW_MS + 500);
  await showToCamera(producer, `/etickets/qr/${ticketCode}`);
  await expect(result).toHaveClass(/door-result--refused/, { timeout: 15_000 });
  await expect(result).toContainText(/Ya ingresó a las \d{2}:\d{2}/);
  await hideFromCamera(producer);
  await producer.getByRole('button', { name: 'Detener la cámara' }).click();
});

test('the order detail shows the unit prices, the fee, the discount and the history in Spanish', async ({
  playwright,
  baseURL,
}) => {
  const placed = await orderWithFeeAndDiscount(producer.request, playwright, baseURL ?? '', RUN);
  await producer.goto(`/admin/orders/${placed.orderId}`);
  const items = producer.getByRole('region', { name: 'Boletos comprados' });
  const rows = items.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  const cells = async (index: number) =>
    (await rows.nth(index).getByRole('cell').allInnerTexts()).map((text) => text.trim());
  const lines = [await cells(1), await cells(2)].sort((a, b) => a[1]!.localeCompare(b[1]!));
  expect(lines).toEqual([
    [placed.showName, FIGURES.general.name, '2', 'Q 80.00', 'Q 0.00', 'Q 160.00'],
    [placed.showName, FIGURES.vip.name, '1', 'Q 150.00', 'Q 5.00', 'Q 155.00'],
  ]);
  await expect(items.getByText('−Q 20.00', { exact: true })).toBeVisible();
  await expect(items.getByText(`${placed.promoCode} (−Q 20.00)`)).toBeVisible();
  await expect(items.getByText('Q 295.00')).toBeVisible();
  const history = producer.getByRole('region', { name: 'Historial' });
  await expect(history.getByText('Orden creada')).toBeVisible();
  await expect(history.getByText('Pago aprobado')).toBeVisible();
  await expect(history).not.toContainText('Order created');
  await shotsOf(producer, 'console-order-figures');
});

test('the producer starts the show live and runs a poll', async () => {
  await producer.goto(`/admin/shows/${showId}`);
  await openShowTab(producer, 'En vivo');
  await expect(producer).toHaveURL(`/admin/shows/${showId}/live`);
  await producer.getByRole('button', { name: 'Iniciar', exact: true }).click();
  await expect(producer.getByText('Enviado: Iniciar.')).toBeVisible();
  await expect(producer.getByText('Transmisión iniciada')).toBeVisible();

  const form = producer.getByRole('form', { name: 'Nueva encuesta' });
  await form.getByLabel('Pregunta').fill('¿Qué pieza quieres de cierre?');
  await form.getByLabel('Opción 1').fill('Luna de Xelajú');
  await form.getByLabel('Opción 2').fill('Ferrocarril de los Altos');
  await form.getByRole('button', { name: 'Crear encuesta' }).click();
  await expect(form.getByText(/Encuesta creada como borrador/)).toBeVisible();
  const polls = producer.getByRole('list', { name: 'Encuestas del evento' });
  const poll = polls.getByRole('listitem').filter({ hasText: '¿Qué pieza quieres de cierre?' });
  const status = poll.locator('.status-tag');
  await expect(status).toHaveText('Borrador');
  await poll.getByRole('button', { name: 'Activar «¿Qué pieza quieres de cierre?»' }).click();
  await expect(status).toHaveText('Activa');
  await expect(
    poll.getByRole('list', { name: 'Resultados de «¿Qué pieza quieres de cierre?»' }),
  ).toBeVisible();
  await expect(
    poll.getByRole('button', { name: 'Cerrar «¿Qué pieza quieres de cierre?»' }),
  ).toBeVisible();
});

test('the producer downloads the sales CSV with the ticket sold', async () => {
  await openShowTab(producer, 'Reporte');
  await expect(producer).toHaveURL(`/admin/shows/${showId}/report`);
  const downloading = producer.waitForEvent('download');
  await producer.getByRole('link', { name: `Descargar CSV de las ventas de ${SHOW_NAME}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const csv = readFileSync((await download.path()) ?? '', 'utf8');
  const line = csv.split(/\r?\n/).find((row) => row.includes(TICKET_NAME));
  expect(line, csv).toBeDefined();
  expect(line).toContain('150');
});
