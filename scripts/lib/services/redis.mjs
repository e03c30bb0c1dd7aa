// Redis: bring up the server REDIS_URL names (redis-server, apt-get or Docker
// Compose). Plain Node ESM using only built-ins.
import os from 'node:os';
import path from 'node:path';
import { mkdir, access } from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import { which } from '../bootstrap.mjs';
import {
  ensureLocalService,
  hostPort,
  parseServiceUrl,
  startDaemon,
  startFailure,
  urlPassword,
  waitForPort,
  waitForPortOrThrow,
} from './common.mjs';

function redisTarget(redisUrl) {
  return parseServiceUrl(redisUrl, 'REDIS_URL', ['redis:', 'rediss:'], 6379);
}

async function writableDir(preferred, fallbackName) {
  try {
    await mkdir(preferred, { recursive: true });
    await access(preferred, fsConstants.W_OK);
    return preferred;
  } catch {
    const dir = path.join(os.tmpdir(), fallbackName);
    await mkdir(dir, { recursive: true });
    return dir;
  }
}

async function startRedis(host, port, password, log) {
  const dataDir = await writableDir('/var/lib/redis', 'taquilla-redis');
  const logDir = await writableDir('/var/log/redis', 'taquilla-redis');
  const logFile = path.join(logDir, 'ci.log');
  const args = [
    '--daemonize',
    'yes',
    '--bind',
    '127.0.0.1',
    '-::1',
    '--port',
    String(port),
    '--save',
    '',
    '--appendonly',
    'no',
    '--dir',
    dataDir,
    '--logfile',
    logFile,
  ];
  if (password) args.push('--requirepass', password);
  log(`Redis: arrancando redis-server en el puerto ${port} (registro: ${logFile})…`);
  const { code, output } = await startDaemon('redis-server', args);
  if (code !== 0) {
    throw await startFailure(`Redis: redis-server terminó con el código ${code}`, output, logFile);
  }
  await waitForPortOrThrow('Redis', host, port, logFile);
}

/**
 * Makes sure a Redis server answers at REDIS_URL's host and port.
 * Returns a sentence telling which path was taken.
 */
export async function ensureRedis(redisUrl, log = console.log) {
  const { url, host, port } = redisTarget(redisUrl);
  const where = hostPort(host, port);
  const password = urlPassword(url);
  return ensureLocalService(
    {
      label: 'Redis',
      envVar: 'REDIS_URL',
      host,
      port,
      async startInstalled() {
        if (!(await which('redis-server'))) return null;
        await startRedis(host, port, password, log);
        return `Redis: arrancado el redis-server instalado en ${where}`;
      },
      aptPackage: 'redis-server',
      async afterAptInstall() {
        // The package's post-install may already have started its own service.
        if (await waitForPort(host, port, 3000)) {
          return `Redis: instalado con apt-get; el servicio del paquete escucha en ${where}`;
        }
        await startRedis(host, port, password, log);
        return `Redis: instalado con apt-get y arrancado en ${where}`;
      },
      composeService: 'redis',
      composeEnv: { REDIS_PORT: String(port) },
      async afterComposeUp() {
        await waitForPortOrThrow('Redis (docker compose)', host, port);
        return `Redis: arrancado con docker compose (servicio redis) en ${where}`;
      },
      installAdvice: `Instale Redis 7 («apt-get install redis-server») y arránquelo en el puerto ${port}; `,
    },
    log,
  );
}
