// Shared steps of `npm start` and `npm test`: only Node built-ins, because
// they run before dependencies are installed.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { applyEnv, ensurePnpm, loadDotEnv, run } from './bootstrap.mjs';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function say(message) {
  console.log(`\n\x1b[1m▸ ${message}\x1b[0m`);
}

export function checkNode() {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < 20 || (major === 20 && minor < 19)) {
    throw new Error(
      `Taquilla necesita Node.js 20.19 o posterior (este es ${process.versions.node}).`,
    );
  }
}

/** Creates .env from .env.example on first run, with a random admin password. */
export function ensureDotEnv() {
  const envFile = path.join(ROOT, '.env');
  if (existsSync(envFile)) return false;
  const password = `Taq-${randomBytes(9).toString('base64url')}`;
  const text = readFileSync(path.join(ROOT, '.env.example'), 'utf8').replace(
    /^ADMIN_PASSWORD=.*$/m,
    `ADMIN_PASSWORD=${password}`,
  );
  writeFileSync(envFile, text, { mode: 0o600 });
  return true;
}

export async function loadEnv() {
  applyEnv(await loadDotEnv(path.join(ROOT, '.env')));
}

export const pnpm = (args, opts = {}) => run('pnpm', args, { cwd: ROOT, ...opts });

/** pnpm itself, the workspace's packages (from the lockfile) and the Prisma client. */
export async function installDependencies() {
  say('Dependencias');
  await ensurePnpm((m) => console.log(m));
  await pnpm(['install', '--frozen-lockfile', '--reporter=append-only']);
  await pnpm(['exec', 'prisma', 'generate'], { env: { CHECKPOINT_DISABLE: '1' } });
}

export async function migrateAndSeed(databaseUrl, extraEnv = {}) {
  const env = { ...extraEnv, DATABASE_URL: databaseUrl, CHECKPOINT_DISABLE: '1' };
  await pnpm(['exec', 'prisma', 'migrate', 'deploy'], { env });
  await pnpm(['exec', 'tsx', 'prisma/seed.ts'], { env });
}

export async function buildAll() {
  await pnpm(['--filter', '@taquilla/web', 'run', 'build']);
  await pnpm(['--filter', '@taquilla/api', 'run', 'build']);
}

export function demoAccounts() {
  return JSON.parse(readFileSync(path.join(ROOT, 'prisma/demo-accounts.json'), 'utf8'));
}

export async function waitForHttp(url, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} no respondió en ${timeoutMs / 1000} s`);
}
