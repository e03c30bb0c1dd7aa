import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TEST_CARD_NUMBERS, TEST_CVVS } from '../helpers/test-cards.ts';
import { pansInSource, scanText } from './matcher.ts';
import type { Finding } from './matcher.ts';
import { unredactedUrls } from './url-secrets.ts';

/**
 * ARCHITECTURE §4 over the whole run (decision 0051): after the API tests (and
 * Playwright, under scripts/test.mjs), every log line any test's app, worker or
 * child process wrote, every test database's dump and every test app's Redis
 * values are searched for card numbers and CVVs. Run it with
 * `pnpm exec vitest run --config vitest.sweep.config.ts` after a run; it reads
 * TAQUILLA_TEST_LOG_DIR, or the last run's folder named in
 * $TMPDIR/taquilla-test-runs/latest.
 */
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const RUN_DIR =
  process.env.TAQUILLA_TEST_LOG_DIR ||
  (() => {
    const latest = path.join(tmpdir(), 'taquilla-test-runs', 'latest');
    return existsSync(latest) ? readFileSync(latest, 'utf8').trim() : '';
  })();
/** Set by scripts/test.mjs: the whole API suite ran, so every card test must have left its trail. */
const FULL_RUN = process.env.TAQUILLA_SWEEP_FULL === '1';
/** The API test files that pay by card against a database of their own. */
const CARD_TESTS = ['card-data', 'orders-card', 'orders-access', 'orders-resend', 'activation'];

function filesUnder(dir: string, keep: (file: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(dir, name))
    .filter((file) => !file.includes(`${path.sep}node_modules${path.sep}`) && keep(file))
    .filter((file) => statSync(file).isFile());
}

/** Card numbers: the tests' list plus every PAN-shaped literal in the test sources. */
function knownPans(): string[] {
  const sources = [
    ...filesUnder(path.join(ROOT, 'apps/api/test'), (f) => f.endsWith('.ts')),
    ...filesUnder(path.join(ROOT, 'apps/web/e2e'), (f) => f.endsWith('.ts')),
    ...filesUnder(path.join(ROOT, 'apps/web/src'), (f) => /\.(test\.tsx?|ts)$/.test(f)),
  ];
  const pans = new Set(TEST_CARD_NUMBERS);
  for (const file of sources)
    for (const pan of pansInSource(readFileSync(file, 'utf8'))) pans.add(pan);
  return [...pans];
}

describe('the whole run leaves no card number or CVV behind', () => {
  it('finds none in any log line, database dump or Redis value of the run', () => {
    const started = Date.now();
    expect(RUN_DIR, 'sin carpeta de la corrida (TAQUILLA_TEST_LOG_DIR)').not.toBe('');
    expect(existsSync(RUN_DIR), `no existe ${RUN_DIR}`).toBe(true);
    const logs = filesUnder(path.join(RUN_DIR, 'logs'), () => true);
    const dumps = filesUnder(path.join(RUN_DIR, 'dumps'), (f) => f.endsWith('.sql'));
    const redis = filesUnder(path.join(RUN_DIR, 'redis'), () => true);
    const knowledge = { pans: knownPans(), cvvs: TEST_CVVS };

    let lines = 0;
    let bytes = 0;
    const findings: Array<Finding & { file: string }> = [];
    for (const file of [...logs, ...dumps, ...redis]) {
      const text = readFileSync(file, 'utf8');
      bytes += Buffer.byteLength(text);
      lines += text.split('\n').length - 1;
      for (const f of scanText(text, knowledge)) {
        findings.push({ ...f, file: path.relative(RUN_DIR, file) });
      }
    }
    const seconds = (Date.now() - started) / 1000;
    // What the capture cost the API run (summed over its processes, which run side by side).
    const timesFile = path.join(RUN_DIR, 'times.log');
    const spent: Record<string, number> = {};
    if (existsSync(timesFile)) {
      for (const row of readFileSync(timesFile, 'utf8').split('\n')) {
        const [kind, ms] = row.split('\t');
        if (kind && ms) spent[kind] = (spent[kind] ?? 0) + Number(ms) / 1000;
      }
    }
    const captured = Object.entries(spent)
      .map(([kind, s]) => `${kind} ${s.toFixed(1)} s`)
      .join(', ');
    console.log(
      `[barrido] ${RUN_DIR}: ${logs.length} registros, ${lines} líneas, ${dumps.length} volcados, ` +
        `${redis.length} listados de Redis, ${(bytes / 1024 / 1024).toFixed(1)} MiB, ` +
        `${knowledge.pans.length} números de tarjeta conocidos, ${seconds.toFixed(1)} s; ` +
        `captura durante la corrida: ${captured || 'sin medir'}`,
    );

    // It swept something: the logs and dumps of the API run.
    expect(logs.length, 'ningún archivo de registro').toBeGreaterThan(0);
    expect(lines, 'ninguna línea').toBeGreaterThan(0);
    expect(dumps.length, 'ningún volcado').toBeGreaterThan(0);
    const ran = (test: string) => logs.some((f) => path.basename(f).startsWith(`${test}.`));
    const required = CARD_TESTS.filter((test) => FULL_RUN || ran(test));
    if (FULL_RUN) expect(required).toEqual(CARD_TESTS);
    for (const test of required) {
      expect(ran(test), `sin registros de ${test}`).toBe(true);
      const dumped = dumps.some((f) => path.basename(f).startsWith(`${test}.taquilla_t_`));
      expect(dumped, `sin volcado de la base de ${test}`).toBe(true);
    }
    if (ran('card-data')) {
      // The card payments themselves are in the captured lines (so their absence means something).
      const cardLog = logs.filter((f) => path.basename(f).startsWith('card-data.'));
      const text = cardLog.map((f) => readFileSync(f, 'utf8')).join('');
      expect(text).toContain('"url":"/cart/orders"');
    }

    // A database that could not be dumped was not swept.
    const errorsFile = path.join(RUN_DIR, 'errors.log');
    const errors = existsSync(errorsFile) ? readFileSync(errorsFile, 'utf8').trim() : '';
    if (errors) console.log(`[barrido] avisos de la captura:\n${errors}`);
    expect(errors.split('\n').filter((line) => line.includes('pg_dump'))).toEqual([]);

    const report = findings
      .slice(0, 40)
      .map((f) => `${f.file}:${f.line} ${f.kind} ${f.masked} — ${f.excerpt}`);
    expect(report, `${findings.length} hallazgos`).toEqual([]);
  });

  it('finds no bearer or personal value in a URL of any log line of the run (decision 0060)', () => {
    expect(existsSync(RUN_DIR), `no existe ${RUN_DIR}`).toBe(true);
    const logs = filesUnder(path.join(RUN_DIR, 'logs'), () => true);
    expect(logs.length, 'ningún archivo de registro').toBeGreaterThan(0);
    let urls = 0;
    const report: string[] = [];
    for (const file of logs) {
      const text = readFileSync(file, 'utf8');
      urls += text.match(/"url(?:\.path)?":"\//g)?.length ?? 0;
      for (const f of unredactedUrls(text)) {
        report.push(`${path.relative(RUN_DIR, file)}:${f.line} debió registrarse ${f.redacted}`);
      }
    }
    console.log(`[barrido] ${urls} URL registradas revisadas`);
    expect(urls, 'ninguna URL en los registros').toBeGreaterThan(0);
    expect(report.slice(0, 40), `${report.length} hallazgos`).toEqual([]);
  });
});
