import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PreEncoded, negotiateEncoding } from '../../src/plugins/pre-encoded.ts';

describe('Accept-Encoding negotiation', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.5', 'br'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0.1, br;q=0', 'gzip'],
    ['GZIP ; Q=1', 'gzip'],
    ['deflate', null],
  ])('%j → %j', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});

describe('pre-encoded bodies', () => {
  const json = JSON.stringify({
    seats: Array.from({ length: 200 }, (_, i) => ({ name: `A${i}` })),
  });

  it('compresses once per encoding and decompresses to the same JSON', async () => {
    const body = new PreEncoded(json);
    expect(body.isCompressible).toBe(true);
    const br = await body.encoded('br');
    expect(await body.encoded('br')).toBe(br);
    expect(brotliDecompressSync(br).toString('utf8')).toBe(json);
    expect(gunzipSync(await body.encoded('gzip')).toString('utf8')).toBe(json);
    expect(br.length).toBeLessThan(body.raw.length);
  });

  it('leaves small bodies alone', () => {
    expect(new PreEncoded('{"a":1}').isCompressible).toBe(false);
  });
});
