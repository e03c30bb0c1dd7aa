import { PassThrough } from 'node:stream';
import type { Transform } from 'node:stream';
import { constants, createBrotliCompress, createGzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appendVary, negotiateEncoding } from './pre-encoded.ts';

/**
 * Sends a page in two parts (decision 0072): everything before its `</body>` at once (the
 * head names the scripts and styles, so the browser fetches them while the server still
 * works), then `late` and the rest when `late` is ready. The SPA's module scripts run only
 * once the document is complete, so they always find what `late` carries. Brotli or gzip
 * by Accept-Encoding, flushed after the first part so that compression holds nothing back.
 */
export function sendStreamedPage(
  request: FastifyRequest,
  reply: FastifyReply,
  html: string,
  late: Promise<string>,
): FastifyReply {
  const at = html.lastIndexOf('</body>');
  const [first, rest] = at === -1 ? [html, ''] : [html.slice(0, at), html.slice(at)];
  appendVary(reply, 'Accept-Encoding');
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  let out: Transform;
  if (encoding === 'br') {
    out = createBrotliCompress({
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 5,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        // A page is tens of KB: a 256 KB window (not the default 4 MB) is as good for it and
        // makes each navigation's encoder far cheaper to set up.
        [constants.BROTLI_PARAM_LGWIN]: 18,
        [constants.BROTLI_PARAM_SIZE_HINT]: html.length,
      },
    });
  } else if (encoding === 'gzip') {
    out = createGzip({ level: 6 });
  } else {
    out = new PassThrough();
  }
  if (encoding) reply.header('content-encoding', encoding);
  // A stream's reply counts as sent only once it ends: should the browser leave first,
  // Fastify would go on from the hook to routing and answer again on a closed socket.
  // The answer is over then; nothing else may take it up.
  reply.raw.on('close', () => {
    if (!reply.raw.writableEnded) reply.hijack();
  });
  out.write(first);
  if ('flush' in out && typeof out.flush === 'function') out.flush();
  void late.then(
    (text) => out.end(text + rest),
    () => out.end(rest),
  );
  return reply.type('text/html; charset=utf-8').send(out);
}
