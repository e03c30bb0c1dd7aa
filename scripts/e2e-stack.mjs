// The stack the browser tests run against: the built API (HTTP, realtime and the
// built SPA) and the built worker (mail, sweeper), from the repository root with
// the environment this script was given. Plain Node, no dependencies.
//
// Signals are passed on to both; when either process ends, the other is stopped
// and this script exits with the first one's status, so Playwright never tests a
// half stack (an API without the worker would never write the captured e-mails).
import { spawn } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STOP_GRACE_MS = 10_000;
// `npm test` names a run directory: each process's output is also written there,
// for the whole run's card-data sweep (decision 0051).
const LOG_DIR =
  process.env.TAQUILLA_TEST_LOG_DIR && process.env.TAQUILLA_TEST_LOG_DIR !== 'off'
    ? path.join(path.resolve(process.env.TAQUILLA_TEST_LOG_DIR), 'logs')
    : null;
if (LOG_DIR) mkdirSync(LOG_DIR, { recursive: true });

const children = [
  { name: 'api', file: 'apps/api/dist/server.js' },
  { name: 'worker', file: 'apps/api/dist/worker.js' },
].map(({ name, file }) => {
  const child = spawn(process.execPath, [path.join(ROOT, file)], {
    cwd: ROOT,
    env: process.env,
    stdio: LOG_DIR ? ['inherit', 'pipe', 'pipe'] : 'inherit',
  });
  if (LOG_DIR) {
    // Written synchronously, so nothing is lost when this script exits right after.
    const logFile = path.join(LOG_DIR, `e2e.${name}.${process.pid}.log`);
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      appendFileSync(logFile, chunk);
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      appendFileSync(logFile, chunk);
    });
  }
  return { name, process: child };
});

let exitCode = null;

function stopAll(signal) {
  for (const { process: child } of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  }
  // A child that ignores the signal must not keep the test run waiting.
  setTimeout(() => {
    for (const { process: child } of children) {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, STOP_GRACE_MS).unref();
}

for (const { name, process: child } of children) {
  child.on('error', (err) => {
    console.error(`e2e-stack: no se pudo iniciar ${name}: ${err.message}`);
    exitCode ??= 1;
    stopAll('SIGTERM');
  });
  child.on('exit', (code, signal) => {
    if (exitCode === null) {
      exitCode = code ?? (signal ? 1 : 0);
      if (code !== 0) console.error(`e2e-stack: ${name} terminó (${signal ?? `código ${code}`})`);
      stopAll('SIGTERM');
    }
    if (children.every(({ process: c }) => c.exitCode !== null || c.signalCode !== null)) {
      process.exit(exitCode ?? 0);
    }
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    exitCode ??= 0;
    stopAll(signal);
  });
}
