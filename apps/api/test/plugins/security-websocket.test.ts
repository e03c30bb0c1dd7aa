import type { AddressInfo } from 'node:net';
import { REALTIME_PATH } from '@taquilla/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createTestApp } from '../helpers/app.ts';
import type { TestApp } from '../helpers/app.ts';
import { TEST_PASSWORD, login } from '../helpers/auth.ts';
import { createShow, createUser } from '../helpers/factories.ts';
import { connectRealtime } from '../helpers/realtime-client.ts';

type Upgrade =
  | { opened: true; socket: WebSocket }
  | { opened: false; status: number; contentType: string; body: string };

/** Opens the realtime socket as a real `ws` client would, with these upgrade headers. */
function upgrade(t: TestApp, headers: Record<string, string>): Promise<Upgrade> {
  const { port } = t.app.server.address() as AddressInfo;
  const socket = new WebSocket(`ws://127.0.0.1:${port}${REALTIME_PATH}`, { headers });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ opened: true, socket }));
    // With this listener ws leaves the refused request to us: read it, then drop it.
    socket.once('unexpected-response', (request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += String(chunk)));
      response.on('end', () => {
        request.destroy();
        resolve({
          opened: false,
          status: response.statusCode ?? 0,
          contentType: String(response.headers['content-type']),
          body,
        });
      });
    });
    socket.once('error', reject);
  });
}

/**
 * Cross-site WebSocket hijacking (decision 0043): the socket acts with the
 * page's cookies, so a browser's upgrade must come from an allowed origin.
 */
describe('realtime socket Origin check', () => {
  let t: TestApp;
  let port: number;
  let showId: string;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    port = (t.app.server.address() as AddressInfo).port;
    showId = (await createShow(t.database.db, { status: 'LIVE' })).id;
  });
  afterAll(() => t.close());

  it('refuses the upgrade from another site’s page with 403 and the house error', async () => {
    const user = await createUser(t.database.db, { password: TEST_PASSWORD, withViewer: true });
    const session = await login(t, user.email, TEST_PASSWORD, 'Viewer');
    for (const origin of ['https://evil.example', `http://127.0.0.1:${port + 1}`, 'null']) {
      const result = await upgrade(t, { ...session.cookieHeaders, origin });
      expect(result.opened, origin).toBe(false);
      if (result.opened) continue;
      expect(result.status, origin).toBe(403);
      expect(result.contentType).toContain('application/json');
      expect(JSON.parse(result.body)).toEqual({
        error: 'CSRF_REJECTED',
        message: 'Solicitud rechazada: origen no permitido',
      });
    }
  });

  it('opens for this site’s own pages: PUBLIC_URL or the address the socket was opened on', async () => {
    for (const origin of ['http://localhost:3000', `http://127.0.0.1:${port}`]) {
      const result = await upgrade(t, { origin });
      expect(result.opened, origin).toBe(true);
      if (!result.opened) continue;
      result.socket.send(JSON.stringify({ action: 'subscribe', channel: `show-events/${showId}` }));
      const answer = await new Promise<unknown>((resolve) =>
        result.socket.once('message', (raw) => resolve(JSON.parse(String(raw)))),
      );
      expect(answer).toMatchObject({ type: 'subscribed', channel: `show-events/${showId}` });
      result.socket.terminate();
    }
  });

  it('opens without an Origin: scripts and servers carry no visitor’s cookies', async () => {
    const client = await connectRealtime(t);
    expect(await client.subscribe(`show-events/${showId}`)).toMatchObject({ type: 'subscribed' });
    client.close();
  });
});
