import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendStreamedPage } from '../../src/plugins/page-stream.ts';

/*
 * Decision 0072: a page with its own data sends its head at once, so the browser fetches
 * the scripts while the server still reads the data, and the rest when the data is ready.
 */

const HTML =
  '<!doctype html><html><head><script type="module" src="/assets/a.js"></script></head><body><div id="root"></div></body></html>';

describe('a page streamed in two parts', () => {
  let app: FastifyInstance;
  let base: string;
  let release: (script: string) => void = () => {};

  /** What the app did after the page, had it gone on: routing and errors. */
  const afterwards: string[] = [];
  let closed: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    // The aborted fetch below leaves undici's side of a socket for close() to end.
    app = Fastify({ forceCloseConnections: true });
    // As spa.ts answers pages: from an async onRequest hook, before any route.
    app.addHook('onRequest', async (request, reply) => {
      const late = new Promise<string>((resolve) => {
        release = resolve;
      });
      closed = new Promise((resolve) => reply.raw.on('close', () => resolve()));
      return sendStreamedPage(request, reply, HTML, late);
    });
    app.setNotFoundHandler((request, reply) => {
      afterwards.push(`routed ${request.url}`);
      return reply.code(404).send('not found');
    });
    app.addHook('onError', async (request, _reply, error) => {
      afterwards.push(`error ${error.message}`);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => app.close());

  /** The text the body gives until it holds `until` (fetch decompresses as it reads). */
  async function readUntil(
    reader: ReadableStreamDefaultReader<Uint8Array>,
    until: string,
  ): Promise<string> {
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes(until)) {
      const { done, value } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    return text;
  }

  for (const encoding of ['identity', 'gzip', 'br']) {
    it(`sends the head before the data is ready, then the data and the end (${encoding})`, async () => {
      const res = await fetch(`${base}/`, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      if (encoding !== 'identity') expect(res.headers.get('content-encoding')).toBe(encoding);
      const body = (res.body as ReadableStream<Uint8Array>).getReader();

      // The head and the root arrive while the data is still pending.
      const first = await readUntil(body, '<div id="root"></div>');
      expect(first).toBe(HTML.slice(0, HTML.indexOf('</body>')));

      release('<script type="application/json" id="page-data">{}</script>');
      const rest = await readUntil(body, '</html>');
      expect(first + rest).toBe(
        HTML.replace(
          '</body>',
          '<script type="application/json" id="page-data">{}</script></body>',
        ),
      );
    });
  }

  it('ends there when the browser leaves before the data: nothing routes or fails after', async () => {
    afterwards.length = 0;
    const controller = new AbortController();
    const res = await fetch(`${base}/`, { signal: controller.signal });
    const body = (res.body as ReadableStream<Uint8Array>).getReader();
    await readUntil(body, '<div id="root"></div>');

    controller.abort();
    await closed;
    release('<script type="application/json" id="page-data">{}</script>');
    await new Promise((resolve) => setImmediate(resolve));

    expect(afterwards).toEqual([]);
  });
});
