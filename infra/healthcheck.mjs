// Health check of the app image (copied to /app/apps/api/healthcheck.mjs).
//
//   node apps/api/healthcheck.mjs api      GET /health/live on this container's PORT
//   node apps/api/healthcheck.mjs worker   a BullMQ worker of this deployment is
//                                          connected to Redis on the mail queue
//
// The worker has no HTTP server. Its check asks Redis which clients are
// BullMQ workers of the `mail` queue under the deployment's namespace
// (REDIS_NAMESPACE, else `taquilla:<database name>`, as apps/api/src/config.ts).
// It says whether the deployment has a live worker, not which replica: enough
// for one machine (Compose); Kubernetes restarts a worker that exits.
// Exit 0 healthy, 1 not. Plain Node: runs with the image's production modules.
import { createRequire } from 'node:module';
import path from 'node:path';

const TIMEOUT_MS = 4000;

function fail(reason) {
  console.error(`unhealthy: ${reason}`);
  process.exit(1);
}

async function checkApi() {
  const port = process.env.PORT || '3000';
  const res = await fetch(`http://127.0.0.1:${port}/health/live`, {
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) fail(`/health/live answered ${res.status}`);
}

function namespace() {
  if (process.env.REDIS_NAMESPACE) return process.env.REDIS_NAMESPACE;
  return `taquilla:${new URL(process.env.DATABASE_URL ?? '').pathname.slice(1)}`;
}

async function checkWorker() {
  // bullmq from the API's node_modules, wherever this file is run from.
  const apiDir = process.env.TAQUILLA_API_DIR ?? path.dirname(new URL(import.meta.url).pathname);
  const { Queue } = createRequire(path.join(apiDir, 'package.json'))('bullmq');
  const u = new URL(process.env.REDIS_URL ?? '');
  const queue = new Queue('mail', {
    prefix: namespace(),
    connection: {
      host: u.hostname,
      port: Number(u.port || 6379),
      ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
      ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
      ...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
      ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
      maxRetriesPerRequest: 1,
      connectTimeout: TIMEOUT_MS,
    },
  });
  try {
    const workers = await queue.getWorkersCount();
    if (workers < 1) fail('no worker is connected to the mail queue');
  } finally {
    await queue.close();
  }
}

const mode = process.argv[2] ?? 'api';
const timer = setTimeout(() => fail(`no answer within ${TIMEOUT_MS} ms`), TIMEOUT_MS + 500);
try {
  if (mode === 'api') await checkApi();
  else if (mode === 'worker') await checkWorker();
  else fail(`unknown mode ${mode} (api or worker)`);
  clearTimeout(timer);
  process.exit(0);
} catch (err) {
  fail(err instanceof Error ? err.message : String(err));
}
