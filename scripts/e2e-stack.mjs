// The stack the browser tests run against: the built API (HTTP, realtime and the
// built SPA) and the built worker (mail, sweeper), from the repository root with
// the environment this script was given. Plain Node, no dependencies.
//
// Signals are passed on to both; when either process ends, the other is stopped
// and this script exits with the first one's status, so Playwright never tests a
// half stack (an API without the worker would never write the captured e-mails).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const STOP_GRACE_MS = 10_000;

const children = [
  { name: 'api', file: 'apps/api/dist/server.js' },
  { name: 'worker', file: 'apps/api/dist/worker.js' },
].map(({ name, file }) => ({
  name,
  process: spawn(process.execPath, [path.join(ROOT, file)], {
    cwd: ROOT,
    env: process.env,
    stdio: 'inherit',
  }),
}));

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
