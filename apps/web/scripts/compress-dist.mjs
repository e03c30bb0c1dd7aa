// After `vite build`: a brotli (.br) and a gzip (.gz) copy beside every text file of
// dist/, made once here with Node's own zlib at their highest levels, so the API serves
// them by content negotiation (@fastify/static `preCompressed`, decision 0068) without
// compressing per request. A copy that would not be smaller is not written.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

// Another folder may be named (a build made elsewhere, to measure it: decision 0070).
const DIST = process.argv[2]
  ? path.resolve(process.argv[2])
  : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const TEXT = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/;
/** Below this a compressed body saves less than its headers cost. */
const MIN_BYTES = 1024;

function* filesOf(dir) {
  for (const name of readdirSync(dir)) {
    // .vite/: the build's manifest, read by the first-view check, never served.
    if (name.startsWith('.')) continue;
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) yield* filesOf(file);
    else if (TEXT.test(name)) yield file;
  }
}

let plain = 0;
let brotli = 0;
let count = 0;
for (const file of filesOf(DIST)) {
  const body = readFileSync(file);
  if (body.length < MIN_BYTES) continue;
  const br = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
    },
  });
  const gz = gzipSync(body, { level: constants.Z_BEST_COMPRESSION });
  if (br.length < body.length) writeFileSync(`${file}.br`, br);
  if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
  plain += body.length;
  brotli += Math.min(br.length, body.length);
  count += 1;
}
const kib = (n) => `${(n / 1024).toFixed(0)} KiB`;
console.log(`compress-dist: ${count} files, ${kib(plain)} → ${kib(brotli)} brotli (and gzip)`);
