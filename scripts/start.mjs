// `npm start`: from a fresh machine to a running Taquilla (API, realtime,
// SPA and worker on one port), with the demo catalogue seeded.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureServices } from './lib/services.mjs';
import {
  ROOT,
  buildAll,
  checkNode,
  demoAccounts,
  ensureDotEnv,
  installDependencies,
  loadEnv,
  migrateAndSeed,
  say,
  waitForHttp,
} from './lib/steps.mjs';

async function main() {
  checkNode();
  if (ensureDotEnv())
    console.log('Se creó .env a partir de .env.example (con una clave de administrador nueva).');
  await loadEnv();
  process.env.WEB_DIST_DIR ??= path.join(ROOT, 'apps/web/dist');

  await installDependencies();

  say('PostgreSQL y Redis');
  await ensureServices({ databaseUrl: process.env.DATABASE_URL, redisUrl: process.env.REDIS_URL });

  say('Migraciones y datos de demostración');
  await migrateAndSeed(process.env.DATABASE_URL);

  say('Compilación');
  await buildAll();

  say('Arranque');
  const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'production' };
  const children = ['apps/api/dist/server.js', 'apps/api/dist/worker.js'].map((entry) =>
    spawn(process.execPath, [entry], { cwd: ROOT, stdio: 'inherit', env }),
  );
  let stopping = false;
  const stop = (code) => {
    if (stopping) return;
    stopping = true;
    for (const child of children) child.kill('SIGTERM');
    setTimeout(() => process.exit(code), 3000).unref();
  };
  for (const child of children) {
    child.on('exit', (code) => {
      if (!stopping) {
        console.error(`Un proceso de Taquilla terminó (código ${code}); deteniendo el resto.`);
        stop(code ?? 1);
      } else if (children.every((c) => c.exitCode !== null || c.signalCode !== null)) {
        process.exit(0);
      }
    });
  }
  process.on('SIGINT', () => stop(0));
  process.on('SIGTERM', () => stop(0));

  const host = process.env.HOST === '0.0.0.0' ? '127.0.0.1' : (process.env.HOST ?? '127.0.0.1');
  const port = process.env.PORT ?? '3000';
  await waitForHttp(`http://${host}:${port}/health/ready`);
  const demo = demoAccounts();
  console.log(`
\x1b[1mTaquilla está en marcha: ${process.env.PUBLIC_URL ?? `http://localhost:${port}`}\x1b[0m
  API y documentación:  ${process.env.PUBLIC_URL ?? `http://localhost:${port}`}/docs
  Administración:       ${process.env.ADMIN_EMAIL} / ${process.env.ADMIN_PASSWORD}   (de .env)
  Productor demo:       ${demo.producer.email} / ${demo.producer.password}
  Espectador demo:      ${demo.viewer.email} / ${demo.viewer.password}
Ctrl+C para detener.`);
}

main().catch((err) => {
  console.error(`\nNo fue posible iniciar Taquilla: ${err.message}`);
  process.exit(1);
});
