// `npm test`: every check and every test, against real PostgreSQL, Redis and
// Chromium; installs what a fresh machine lacks. Prints one closing line
// "Tests: N passed, M failed" and exits non-zero when anything failed.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ensureChromium, run } from './lib/bootstrap.mjs';
import { ensureDatabase, ensureServices } from './lib/services.mjs';
import {
  ROOT,
  buildAll,
  checkNode,
  installDependencies,
  migrateAndSeed,
  pnpm,
  say,
} from './lib/steps.mjs';

const RESULTS = path.join(ROOT, 'var/test-results');
const ADMIN = { ADMIN_EMAIL: 'admin@taquilla.test', ADMIN_PASSWORD: 'Admin-Prueba-2026' };

function withDatabase(url, name) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Sums a vitest or Playwright JSON report. */
function countResults(file) {
  try {
    const report = JSON.parse(readFileSync(file, 'utf8'));
    if (report.stats) {
      return {
        passed: report.stats.expected ?? 0,
        failed: (report.stats.unexpected ?? 0) + (report.stats.flaky ?? 0),
      };
    }
    return {
      passed: report.numPassedTests ?? 0,
      failed: (report.numFailedTests ?? 0) + (report.numTodoTests ?? 0),
    };
  } catch {
    return { passed: 0, failed: 0 };
  }
}

/** Names and first message lines of the failed tests in a vitest or Playwright JSON report. */
function failedTests(file) {
  let report;
  try {
    report = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
  const firstLine = (text) =>
    String(text ?? '')
      .replace(new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g'), '')
      .split('\n')[0]
      .slice(0, 300);
  const out = [];
  if (Array.isArray(report.testResults)) {
    for (const fileResult of report.testResults) {
      const where = path.relative(ROOT, fileResult.name ?? '');
      for (const a of fileResult.assertionResults ?? []) {
        if (a.status === 'failed')
          out.push(`${where} › ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
      }
      if ((fileResult.assertionResults ?? []).length === 0 && fileResult.status === 'failed') {
        out.push(`${where}: ${firstLine(fileResult.message)}`);
      }
    }
  }
  const walk = (suite, trail) => {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        const results = t.results ?? [];
        if (t.status === 'unexpected' || t.status === 'flaky') {
          const error = results.find((r) => r.error)?.error?.message;
          out.push(`${[...trail, spec.title].join(' › ')} (${t.status}): ${firstLine(error)}`);
        }
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...trail, child.title]);
  };
  for (const suite of report.suites ?? []) walk(suite, [suite.title]);
  return out;
}

async function main() {
  const started = Date.now();
  checkNode();
  rmSync(RESULTS, { recursive: true, force: true });
  mkdirSync(RESULTS, { recursive: true });
  // Every log line, database dump and Redis value of the run, for the card-data sweep
  // (decision 0051): the API tests' helpers and the e2e stack write here.
  const runLogDir = path.join(RESULTS, 'run-logs');
  mkdirSync(runLogDir, { recursive: true });
  process.env.TAQUILLA_TEST_LOG_DIR = runLogDir;

  await installDependencies();
  say('Chromium');
  const chromium = await ensureChromium((m) => console.log(m));

  say('PostgreSQL y Redis');
  const serverUrl = process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const e2eUrl = withDatabase(serverUrl, 'taquilla_e2e');
  await ensureServices({ databaseUrl: withDatabase(serverUrl, 'postgres'), redisUrl });

  const steps = [];
  const step = async (name, fn, report) => {
    say(name);
    const t0 = Date.now();
    try {
      await fn();
      steps.push({ name, ok: true, ms: Date.now() - t0, report });
    } catch (err) {
      console.error(`✗ ${name}: ${err.message}`);
      steps.push({ name, ok: false, ms: Date.now() - t0, report });
    }
  };
  const vitest = (filter, report) =>
    pnpm(
      [
        '--filter',
        filter,
        'exec',
        'vitest',
        'run',
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${report}`,
      ],
      {
        env: {
          DATABASE_URL: withDatabase(serverUrl, 'postgres'),
          REDIS_URL: redisUrl,
          TEST_SERVICES: process.env.TEST_SERVICES ?? '',
        },
      },
    );

  await step('Lint y formato', () => pnpm(['run', 'lint']));
  await step('Tipos (TypeScript estricto)', () => pnpm(['run', 'typecheck']));
  const domainReport = path.join(RESULTS, 'domain.json');
  await step(
    'Pruebas unitarias: packages/domain',
    () => vitest('@taquilla/domain', domainReport),
    domainReport,
  );
  const webReport = path.join(RESULTS, 'web.json');
  await step(
    'Pruebas de componentes: apps/web',
    () => vitest('@taquilla/web', webReport),
    webReport,
  );
  const apiReport = path.join(RESULTS, 'api.json');
  await step(
    'Pruebas de integración: apps/api (PostgreSQL y Redis reales)',
    () => vitest('@taquilla/api', apiReport),
    apiReport,
  );
  await step('Compilación', () => buildAll());

  // What the build just wrote: the first view's budget, its compressed copies and what
  // never belongs in it (issue 22, decision 0070). Sizes of this build, so deterministic.
  const firstViewReport = path.join(RESULTS, 'first-view.json');
  await step(
    'Primera vista: presupuesto de 150 KB (brotli) de inicio y páginas de evento',
    () =>
      run(
        'node',
        [
          '--test',
          '--test-reporter=spec',
          '--test-reporter-destination=stdout',
          `--test-reporter=${path.join(ROOT, 'scripts/lib/node-test-report.mjs')}`,
          `--test-reporter-destination=${firstViewReport}`,
          'apps/web/scripts/first-view.test.mjs',
        ],
        { cwd: ROOT },
      ),
    firstViewReport,
  );

  const e2eReport = path.join(RESULTS, 'e2e.json');
  await step(
    'Pruebas de navegador: Playwright en Chromium',
    async () => {
      await run('psql', [
        withDatabase(serverUrl, 'postgres'),
        '-qc',
        'DROP DATABASE IF EXISTS taquilla_e2e WITH (FORCE)',
      ]);
      await ensureDatabase(e2eUrl);
      await migrateAndSeed(e2eUrl, ADMIN);
      await pnpm(
        ['--filter', '@taquilla/web', 'exec', 'playwright', 'test', '--reporter=list,json'],
        {
          env: {
            ...ADMIN,
            DATABASE_URL: e2eUrl,
            REDIS_URL: redisUrl,
            WEB_DIST_DIR: path.join(ROOT, 'apps/web/dist'),
            // The worker writes each e-mail here as an .eml file; the specs read the links.
            MAIL_OUTBOX_DIR: mkdtempSync(path.join(tmpdir(), 'taquilla-e2e-mail-')),
            LOG_LEVEL: 'warn',
            NODE_ENV: 'production',
            CHROMIUM_PATH: chromium,
            PLAYWRIGHT_JSON_OUTPUT_NAME: e2eReport,
          },
        },
      );
    },
    e2eReport,
  );

  const sweepReport = path.join(RESULTS, 'card-data-sweep.json');
  await step(
    'Datos de tarjeta: volcados y registros de toda la corrida',
    async () => {
      // The e2e database is kept until the next run; its dump joins the API tests' ones.
      mkdirSync(path.join(runLogDir, 'dumps'), { recursive: true });
      await run('pg_dump', [
        '--data-only',
        `--file=${path.join(runLogDir, 'dumps', 'e2e.taquilla_e2e.sql')}`,
        e2eUrl,
      ]).catch((err) => console.error(`sin volcado de taquilla_e2e: ${err.message}`));
      await pnpm(
        [
          '--filter',
          '@taquilla/api',
          'exec',
          'vitest',
          'run',
          '--config',
          'vitest.sweep.config.ts',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${sweepReport}`,
        ],
        { env: { TAQUILLA_TEST_LOG_DIR: runLogDir, TAQUILLA_SWEEP_FULL: '1' } },
      );
    },
    sweepReport,
  );

  let passed = 0;
  let failed = 0;
  console.log('\n\x1b[1mResumen\x1b[0m');
  for (const s of steps) {
    const counts = s.report ? countResults(s.report) : null;
    if (counts) {
      passed += counts.passed;
      failed += counts.failed;
    }
    const detail = counts ? ` — ${counts.passed} pasaron, ${counts.failed} fallaron` : '';
    console.log(`  ${s.ok ? '✓' : '✗'} ${s.name} (${(s.ms / 1000).toFixed(1)} s)${detail}`);
  }
  const failedSteps = steps.filter((s) => !s.ok).length;
  // A failed step without a report (lint, types, build) still counts as a failure.
  if (failedSteps > 0 && failed === 0) failed = failedSteps;
  const failures = steps.flatMap((s) => (s.report ? failedTests(s.report) : []));
  if (failures.length > 0) {
    console.log('\n\x1b[1mPruebas que fallaron\x1b[0m');
    for (const f of failures.slice(0, 30)) console.log(`  ✗ ${f}`);
    if (failures.length > 30) console.log(`  … y ${failures.length - 30} más`);
  }
  console.log(`  total ${((Date.now() - started) / 1000).toFixed(0)} s`);
  console.log(`Tests: ${passed} passed, ${failed} failed`);
  process.exit(failedSteps > 0 ? 1 : 0);
}

main().catch((err) => {
  console.error(`\nNo fue posible ejecutar las pruebas: ${err.message}`);
  console.log('Tests: 0 passed, 1 failed');
  process.exit(1);
});
