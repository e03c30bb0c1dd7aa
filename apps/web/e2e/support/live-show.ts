import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';
import {
  adminShowSchema,
  adminTicketSchema,
  loginResponseSchema,
  orderSchema,
  pollSchema,
} from '@taquilla/contract';
import { uniqueEmail } from './accounts';

/*
 * A streamed show of the spec's own, set up through the organiser API as an organiser
 * would (ORGANISER-API.md): the demo producer creates it ACTIVE with a free registration
 * ticket, the chat and polls on, and the demo clip as its stream; people register for
 * it and get ticket codes; the organiser drives it with live events and polls.
 */

const JSON_HEADERS = { Accept: 'application/json' };
const DEMO = JSON.parse(
  readFileSync(new URL('../../../../prisma/demo-accounts.json', import.meta.url), 'utf8'),
) as { producer: { email: string; password: string } };

type RequestFactory = { request: { newContext: (options: object) => Promise<APIRequestContext> } };

/** The demo producer's API session (its own shows only, decision 0010). */
export async function organiserSession(playwright: RequestFactory, baseURL: string) {
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: JSON_HEADERS });
  const login = await api.post('/auth/login', {
    data: {
      username: DEMO.producer.email,
      password: DEMO.producer.password,
      role: 'Producer',
      forceLogin: true,
    },
  });
  expect(login.status(), await login.text()).toBe(200);
  return api;
}

/** A show about to stream, not listed on the home page (`visible: false`), and its free ticket. */
export async function createStreamingShow(organiser: APIRequestContext, fullname: string) {
  const created = await organiser.post('/admin/shows', {
    data: {
      fullname,
      subtitle: 'Transmisión de prueba del chat y las encuestas',
      show_date: new Date(Date.now() + 60 * 60 * 1000).toISOString(),
      timezone: 'America/Guatemala',
      venue: 'Online',
      type: 'ONLINE',
      paid: false,
      status: 'ACTIVE',
      visible: false,
      video_url: '/media/demo/taquilla-demo.mp4',
      settings: {
        registration: true,
        chat_visible: true,
        polls: true,
        vod: false,
        player: 'generic',
        max_ticket_quantity: 2,
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const show = adminShowSchema.parse(await created.json());
  const ticket = await organiser.post(`/admin/shows/${show._id}/tickets`, {
    data: {
      code: 'INSCRIPCION',
      fullname: 'Inscripción gratuita',
      price: 0,
      payment_type: ['REGISTRATION'],
      capacity: 20,
    },
  });
  expect(ticket.status(), await ticket.text()).toBe(201);
  return { id: show._id, ticketId: adminTicketSchema.parse(await ticket.json())._id };
}

/**
 * A free show that asks for a password (001 §4 access mode 2), LIVE with its chat and
 * polls on: anybody who types the password watches and chats without an account, as the
 * guest its viewer token names (decision 0063).
 */
export async function createPasswordShow(
  organiser: APIRequestContext,
  fullname: string,
  password: string,
) {
  const created = await organiser.post('/admin/shows', {
    data: {
      fullname,
      subtitle: 'Transmisión privada con contraseña',
      show_date: new Date(Date.now() - 10 * 60 * 1000).toISOString(),
      timezone: 'America/Guatemala',
      venue: 'Online',
      type: 'ONLINE',
      paid: false,
      status: 'LIVE',
      visible: false,
      video_url: '/media/demo/taquilla-demo.mp4',
      settings: {
        security: password,
        chat_visible: true,
        polls: true,
        vod: false,
        player: 'generic',
      },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return adminShowSchema.parse(await created.json())._id;
}

/**
 * Someone registers `quantity` places through the gateway (cart, then POST /cart/orders)
 * from a browser session of their own; the tickets job issues one code per place.
 */
export async function registrationCodes(
  playwright: RequestFactory,
  baseURL: string,
  show: { id: string; ticketId: string },
  quantity: number,
): Promise<string[]> {
  const sessionID = randomUUID();
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { ...JSON_HEADERS, Cookie: `sessionID=${sessionID}` },
  });
  const cart = await api.post(`/cart/${sessionID}/items`, {
    data: {
      currency: 'GTQ',
      payment_type: 'REGISTRATION',
      items: [{ type: 'TICKET', ticket_uid: show.ticketId, show_uid: show.id, quantity }],
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
        email: uniqueEmail('trova'),
        country: 'GT',
      },
    },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const order = orderSchema.parse(await placed.json());
  let codes: string[] = [];
  await expect
    .poll(
      async () => {
        const read = orderSchema.parse(
          await (await api.get(`/viewers/orders/${order._id}`)).json(),
        );
        codes = read.codes.map((entry) => entry.code);
        return codes.length;
      },
      { message: 'the tickets job issues the codes', timeout: 20_000 },
    )
    .toBe(quantity);
  await api.dispose();
  return codes;
}

/** An account with its viewer, as the signup makes it; its own session is closed after. */
export async function viewerAccount(
  playwright: RequestFactory,
  baseURL: string,
  fullname: string,
): Promise<{ email: string; password: string }> {
  const account = { email: uniqueEmail('chat'), password: 'Chatea-En-Vivo-2026' };
  const api = await playwright.request.newContext({ baseURL, extraHTTPHeaders: JSON_HEADERS });
  const created = await api.post('/auth/users', {
    data: { ...account, username: account.email, fullname, roles: ['Viewer'] },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { user, session } = loginResponseSchema.parse(await created.json());
  expect((await api.post('/viewers/viewers', { data: { user_uid: user._id } })).ok()).toBe(true);
  expect((await api.put(`/auth/sessions/${session._id}/logout`)).ok()).toBe(true);
  await api.dispose();
  return account;
}

/** Signs a browser context in (its pages share the cookie); `forceLogin` ends any other session. */
export async function signInViewer(
  request: APIRequestContext,
  account: { email: string; password: string },
) {
  const login = await request.post('/auth/login', {
    headers: JSON_HEADERS,
    data: { username: account.email, password: account.password, role: 'Viewer', forceLogin: true },
  });
  expect(login.status(), await login.text()).toBe(200);
}

/** POST /admin/shows/{id}/events (decision 0024). */
export async function sendLiveEvent(organiser: APIRequestContext, showId: string, data: object) {
  const sent = await organiser.post(`/admin/shows/${showId}/events`, { data });
  expect(sent.status(), await sent.text()).toBe(201);
}

/** Creates a poll (a draft) and activates it: players hear `poll-notification`. */
export async function startPoll(
  organiser: APIRequestContext,
  showId: string,
  poll: { question: string; options: string[] },
) {
  const created = await organiser.post(`/admin/shows/${showId}/polls`, { data: poll });
  expect(created.status(), await created.text()).toBe(201);
  const { _id } = pollSchema.parse(await created.json());
  const activated = await organiser.put(`/admin/shows/${showId}/polls/${_id}/status`, {
    data: { status: 'ACTIVE' },
  });
  expect(activated.status(), await activated.text()).toBe(200);
  return _id;
}

/** The stage's video has started: time goes by and it is not paused, at volume 0.8 (001 §9). */
export async function expectPlaying(page: Page) {
  const video = page.locator('.player-stage video');
  await expect(video).toBeVisible();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.currentTime), {
      timeout: 15_000,
    })
    .toBeGreaterThan(0.3);
  expect(await video.evaluate((element: HTMLVideoElement) => element.volume)).toBe(0.8);
}
