import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type ContentEncoding = 'br' | 'gzip';

/** Below this a compressed body saves less than its headers and CPU cost. */
const MIN_COMPRESSIBLE_BYTES = 1024;

/**
 * A JSON answer (or a page's HTML) kept as bytes with its compressed forms beside it, made once
 * and sent many times: a cached answer then costs neither serialization nor
 * compression per request. The compressed forms are made on first demand, off
 * the event loop (zlib's thread pool), and shared by concurrent requests.
 * Brotli runs at a middle quality: a few milliseconds for a venue map instead
 * of the hundreds that quality 11 takes, for a body a few per cent larger.
 */
export class PreEncoded {
  readonly raw: Buffer;
  private readonly compressed = new Map<ContentEncoding, Promise<Buffer>>();

  constructor(text: string) {
    this.raw = Buffer.from(text, 'utf8');
  }

  get isCompressible(): boolean {
    return this.raw.length >= MIN_COMPRESSIBLE_BYTES;
  }

  encoded(encoding: ContentEncoding): Promise<Buffer> {
    let body = this.compressed.get(encoding);
    if (!body) {
      body =
        encoding === 'br'
          ? brotli(this.raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: this.raw.length,
              },
            })
          : gzipAsync(this.raw, { level: 6 });
      this.compressed.set(encoding, body);
      // A failed compression is not kept: the next request tries again.
      body.catch(() => this.compressed.delete(encoding));
    }
    return body;
  }
}

/**
 * The encoding to answer with for an Accept-Encoding header: br, else gzip,
 * else none (identity). A coding refused with q=0 is never chosen, and `*`
 * stands for any coding not named.
 */
export function negotiateEncoding(header: string | undefined): ContentEncoding | null {
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    weights.set(name.trim(), Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (coding: ContentEncoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

/** Adds `field` to the Vary header without dropping what is there. */
export function appendVary(reply: FastifyReply, field: string): void {
  const current = reply.getHeader('vary');
  const fields = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((f) => f.trim())
    .filter(Boolean);
  if (fields.includes('*')) return;
  if (!fields.some((f) => f.toLowerCase() === field.toLowerCase())) fields.push(field);
  reply.header('vary', fields.join(', '));
}

/** Sends a PreEncoded body (JSON unless told) in the best encoding the client accepts. */
export async function sendPreEncoded(
  request: FastifyRequest,
  reply: FastifyReply,
  body: PreEncoded,
  contentType = 'application/json; charset=utf-8',
): Promise<FastifyReply> {
  reply.type(contentType);
  if (!body.isCompressible) return reply.send(body.raw);
  appendVary(reply, 'Accept-Encoding');
  const encoding = negotiateEncoding(request.headers['accept-encoding']);
  if (!encoding) return reply.send(body.raw);
  let encoded: Buffer;
  try {
    encoded = await body.encoded(encoding);
  } catch (err) {
    request.log.warn({ err, encoding }, 'compression failed; answering uncompressed');
    return reply.send(body.raw);
  }
  return reply.header('content-encoding', encoding).send(encoded);
}
