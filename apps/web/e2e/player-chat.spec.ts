import { mkdirSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { acceptCookies } from './support/accounts';
import {
  createPasswordShow,
  createStreamingShow,
  expectPlaying,
  organiserSession,
  registrationCodes,
  sendLiveEvent,
  signInViewer,
  startPoll,
  viewerAccount,
} from './support/live-show';

// The viewer's journey in the player with the chat feature mounted (decisions 0025 and
// 0026), on a show of this spec's own that the organiser drives through the API: a
// ticket holder waits on the cover until `start`, chats with another viewer, answers a
// poll, and is replaced when the same ticket enters from a second device. Each device
// reaches the player through "Activar": that click lets the browser start the video with
// sound (Chromium refuses to before any gesture, and the player then asks to press play).
// Last, two guests of a password show chat without an account (decision 0063).

const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? '/tmp/shots';
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };
const REPLACED =
  'Hemos detectado que has ingresado a este contenido desde otro dispositivo o navegador.';
const POLL = {
  question: '¿Qué canción quieren para el cierre?',
  options: ['Luna de Xelajú', 'Ferrocarril de los Altos', 'Chichicastenango'],
};

test.describe.configure({ mode: 'serial', timeout: 60_000 });

let baseURL = '';
let organiser: APIRequestContext;
let show: { id: string; ticketId: string };
let codes: string[] = [];
const pedro = { fullname: 'Pedro Coj', account: { email: '', password: '' } };
const ana = { fullname: 'Ana Xol', account: { email: '', password: '' } };
const contexts: BrowserContext[] = [];
let pedroPage: Page;
let anaPage: Page;
let passwordShowId = '';
const SHOW_PASSWORD = 'Trova-Privada';

const sidePanes = (page: Page) => page.getByRole('complementary', { name: 'Chat y encuestas' });
const chatBox = (page: Page) =>
  sidePanes(page).getByRole('textbox', { name: 'Mensaje para el chat' });

/** A shot for a person to look at, without the passing activation notice over the panes. */
async function shot(page: Page, name: string, fullPage = false) {
  mkdirSync(SHOTS_DIR, { recursive: true });
  // One at a time from the first: a notice may close by itself between being found and
  // clicked (clicking a list taken before that waited for a gone button until the timeout).
  const close = page.getByRole('button', { name: 'Cerrar aviso' });
  for (let left = 5; left > 0 && (await close.count()) > 0; left -= 1) {
    await close
      .first()
      .click({ timeout: 2_000 })
      .catch(() => undefined);
  }
  if (fullPage) await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${SHOTS_DIR}/${name}.png`, fullPage });
}

/** A browser of its own, signed in as `account`. */
async function browserFor(
  browser: Browser,
  account: { email: string; password: string },
  viewport: { width: number; height: number },
): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport });
  contexts.push(context);
  await signInViewer(context.request, account);
  return context.newPage();
}

/** "Activa tu boleto" with the code, as a person does after registering. */
async function activate(page: Page, code: string) {
  await page.goto(`/activate?code=${code}`);
  await acceptCookies(page);
  await expect(page.getByRole('textbox', { name: 'Código del boleto' })).toHaveValue(code);
  await page.getByRole('button', { name: 'Activar' }).click();
  await expect(page).toHaveURL(`/shows/${show.id}/player?activated=1`);
}

async function say(page: Page, text: string) {
  await chatBox(page).fill(text);
  await sidePanes(page).getByRole('button', { name: 'Enviar' }).click();
  await expect(chatBox(page)).toHaveValue('');
}

/** The message as every viewer sees it: the server's name for its author, then the text. */
async function expectMessage(page: Page, text: string, author: string) {
  const message = sidePanes(page).getByRole('listitem').filter({ hasText: text });
  await expect(message).toHaveCount(1);
  await expect(message.locator('.chat-message__author')).toHaveText(author);
}

test.beforeAll(async ({ playwright }, testInfo) => {
  baseURL = testInfo.project.use.baseURL ?? '';
  organiser = await organiserSession(playwright, baseURL);
  show = await createStreamingShow(organiser, `Noche de Trova en Vivo ${Date.now().toString(36)}`);
  codes = await registrationCodes(playwright, baseURL, show, 2);
  pedro.account = await viewerAccount(playwright, baseURL, pedro.fullname);
  ana.account = await viewerAccount(playwright, baseURL, ana.fullname);
});

test.afterAll(async () => {
  for (const context of contexts) await context.close();
  // The show of this spec ends here (CLOSED: it is not on demand).
  if (organiser) {
    await organiser.post(`/admin/shows/${show.id}/events`, { data: { status: 'end' } });
    if (passwordShowId) {
      await organiser.post(`/admin/shows/${passwordShowId}/events`, { data: { status: 'end' } });
    }
    await organiser.dispose();
  }
});

test('a viewer activates a ticket code, waits on the cover, and the stream starts with the organiser’s start', async ({
  browser,
}) => {
  pedroPage = await browserFor(browser, pedro.account, DESKTOP);
  await activate(pedroPage, codes[0] ?? '');

  await expect(pedroPage.getByText('Tu boleto está activado. ¡Disfruta el evento!')).toBeVisible();
  await expect(
    pedroPage.getByRole('heading', { name: 'El evento aún no ha iniciado' }),
  ).toBeVisible();
  await expect(pedroPage.locator('.player-stage video')).toHaveCount(0);
  // The playback call refused the early entry: no panes until access holds.
  await expect(sidePanes(pedroPage)).toHaveCount(0);

  await sendLiveEvent(organiser, show.id, { status: 'start' });
  await expectPlaying(pedroPage);
  await expect(chatBox(pedroPage)).toBeEnabled();
});

test('two viewers in two browsers chat: each sees the other’s message under the name the server gives', async ({
  browser,
}) => {
  anaPage = await browserFor(browser, ana.account, PHONE);
  await activate(anaPage, codes[1] ?? '');
  await expectPlaying(anaPage);
  await expect(chatBox(anaPage)).toBeEnabled();

  await say(pedroPage, '¡Buenas noches desde Xela!');
  // Ana adds an emoji from the picker (001 §2: six per row).
  await chatBox(anaPage).fill('Saludos desde Antigua ');
  await sidePanes(anaPage).getByRole('button', { name: 'Insertar emoji' }).click();
  await sidePanes(anaPage)
    .getByRole('group', { name: 'Emojis' })
    .getByRole('button', { name: '😍' })
    .click();
  await expect(chatBox(anaPage)).toHaveValue('Saludos desde Antigua 😍');
  await say(anaPage, 'Saludos desde Antigua 😍');
  for (const page of [pedroPage, anaPage]) {
    await expectMessage(page, '¡Buenas noches desde Xela!', pedro.fullname);
    await expectMessage(page, 'Saludos desde Antigua 😍', ana.fullname);
  }

  await shot(pedroPage, 'chat-player-1366');
  await shot(anaPage, 'chat-player-390');
  await shot(anaPage, 'chat-player-390-full', true);
});

test('the organiser starts a poll: the viewer sees the notice, answers, and sees the results in percent', async () => {
  await startPoll(organiser, show.id, POLL);
  const toggle = sidePanes(pedroPage).getByRole('button', { name: /^Encuestas/ });
  await expect(toggle).toContainText('Nueva encuesta');

  // Ana answers first, from the phone.
  await sidePanes(anaPage)
    .getByRole('button', { name: /^Encuestas/ })
    .click();
  await anaPage.getByRole('radio', { name: 'Luna de Xelajú' }).check();
  await anaPage.getByRole('button', { name: 'Votar' }).click();
  await expect(anaPage.getByText('Gracias por responder.')).toBeVisible();

  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle).not.toContainText('Nueva encuesta');
  await expect(chatBox(pedroPage)).toHaveCount(0);
  await expect(sidePanes(pedroPage).getByRole('heading', { name: POLL.question })).toBeVisible();
  await pedroPage.getByRole('radio', { name: 'Ferrocarril de los Altos' }).check();
  await pedroPage.getByRole('button', { name: 'Votar' }).click();

  for (const page of [pedroPage, anaPage]) {
    const results = page.getByRole('list', { name: 'Resultados' }).getByRole('listitem');
    await expect(results).toHaveText([
      /Luna de Xelajú\s*1 voto · 50\.00 %/,
      /Ferrocarril de los Altos\s*1 voto · 50\.00 %/,
      /Chichicastenango\s*0 votos · 0\.00 %/,
    ]);
    await expect(page.getByText('2 respuestas')).toBeVisible();
  }
  await shot(pedroPage, 'chat-poll-1366');
  await shot(anaPage, 'chat-poll-390-full', true);
});

test('the same ticket enters from a second device: the first shows the second-device screen', async ({
  browser,
}) => {
  // Pedro types the same code on his phone: it is his already, so the player opens.
  const secondDevice = await browserFor(browser, pedro.account, PHONE);
  await secondDevice.goto(`/activate?code=${codes[0] ?? ''}`);
  await acceptCookies(secondDevice);
  await secondDevice.getByRole('button', { name: 'Activar' }).click();
  await expect(secondDevice.getByText('Ya tienes un boleto activado para este show')).toBeVisible();
  await expect(secondDevice).toHaveURL(`/shows/${show.id}/player`);
  await expectPlaying(secondDevice);

  await expect(pedroPage.getByRole('heading', { name: REPLACED })).toBeVisible();
  await expect(
    pedroPage.getByText(
      'Asegúrate de ingresar solamente en un navegador y en un dispositivo a la vez. Recarga la página para cargar el contenido de nuevo.',
    ),
  ).toBeVisible();
  await expect(pedroPage.getByRole('button', { name: 'Recargar la página' })).toBeVisible();
  await expect(pedroPage.locator('.player-stage video')).toHaveCount(0);
  await expect(sidePanes(pedroPage)).toHaveCount(0);
  await shot(pedroPage, 'chat-second-device-1366');
  await pedroPage.setViewportSize(PHONE);
  await shot(pedroPage, 'chat-second-device-390');

  // The newer device keeps playing and chatting.
  await expectPlaying(secondDevice);
  await expect(chatBox(secondDevice)).toBeEnabled();
});

/** A browser of its own without an account, on a password show's player after the password. */
async function guestWith(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL, viewport });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(`/shows/${passwordShowId}/player`);
  await acceptCookies(page);
  await page
    .getByRole('textbox', { name: 'Ingresa tu código de acceso para entrar:' })
    .fill(SHOW_PASSWORD.toLowerCase());
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(
    `/shows/${passwordShowId}/player?code=${encodeURIComponent(SHOW_PASSWORD.toUpperCase())}`,
  );
  await expectPlaying(page);
  await expect(chatBox(page)).toBeEnabled();
  return page;
}

/** The name the server gave the author of `text`, as `page` shows it. */
async function authorOf(page: Page, text: string): Promise<string> {
  const message = sidePanes(page).getByRole('listitem').filter({ hasText: text });
  await expect(message).toHaveCount(1);
  return (await message.locator('.chat-message__author').textContent()) ?? '';
}

test('two guests of a password show chat without an account, each under a guest name that a reload keeps', async ({
  browser,
}) => {
  passwordShowId = await createPasswordShow(
    organiser,
    `Ensayo Privado ${Date.now().toString(36)}`,
    SHOW_PASSWORD,
  );
  const first = await guestWith(browser, DESKTOP);
  const second = await guestWith(browser, PHONE);

  await say(first, 'Hola desde la sala de ensayo');
  await say(second, 'Aquí también, desde el celular');
  const firstName = await authorOf(second, 'Hola desde la sala de ensayo');
  const secondName = await authorOf(first, 'Aquí también, desde el celular');
  expect(firstName).toMatch(/^Invitado [0-9A-F]{4}$/);
  expect(secondName).toMatch(/^Invitado [0-9A-F]{4}$/);
  expect(firstName).not.toBe(secondName);
  await shot(first, 'chat-password-guest-1366');

  // A reload keeps the viewer token, and with it the same guest in the chat.
  await first.reload();
  await expect(chatBox(first)).toBeEnabled();
  await say(first, 'Volví después de recargar');
  expect(await authorOf(second, 'Volví después de recargar')).toBe(firstName);
});
