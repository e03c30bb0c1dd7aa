// Brings up the PostgreSQL and Redis that DATABASE_URL and REDIS_URL name, on
// machines with or without Docker. Plain Node ESM using only built-ins: it runs
// before `pnpm install`.
//
// For each service, in order:
//   1. reachable already            → use it
//   2. not on this machine          → error (we never start a remote server)
//   3. installed here               → start it (pg_ctlcluster / redis-server)
//   4. root + apt-get               → install the Debian package, then start it
//   5. a working Docker engine      → `docker compose up -d <service>`
//   6. otherwise                    → error telling the operator what to install
//
// Usable as a script too: `node scripts/lib/services.mjs` (reads the env).
import { spawn } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { copyFile, mkdir, readdir, readFile, writeFile, access } from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { run, which, isRoot, canAptInstall, aptInstall } from './bootstrap.mjs';

const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);
const START_TIMEOUT_MS = 30_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Resolves true when a TCP connection to host:port opens within timeoutMs. */
export async function isTcpReachable(host, port, timeoutMs = 1000) {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port: Number(port) });
    let settled = false;
    const done = (ok) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      resolve(ok);
    };
    const timer = setTimeout(() => done(false), timeoutMs);
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

function stripBrackets(hostname) {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

function hostPort(host, port) {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

function isLocalHost(host) {
  return LOCAL_HOSTS.has(host.toLowerCase());
}

function parseUrl(value, name, protocols) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} no es una URL válida: ${JSON.stringify(value)}`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new Error(`${name} debe empezar por ${protocols.map((p) => `${p}//`).join(' o ')}`);
  }
  return url;
}

function pgTarget(databaseUrl) {
  const url = parseUrl(databaseUrl, 'DATABASE_URL', ['postgresql:', 'postgres:']);
  return { url, host: stripBrackets(url.hostname) || 'localhost', port: Number(url.port || 5432) };
}

function redisTarget(redisUrl) {
  const url = parseUrl(redisUrl, 'REDIS_URL', ['redis:', 'rediss:']);
  return { url, host: stripBrackets(url.hostname) || 'localhost', port: Number(url.port || 6379) };
}

async function waitForPort(host, port, timeoutMs = START_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isTcpReachable(host, port, 1000)) return true;
    await sleep(500);
  }
  return false;
}

/**
 * Runs a command that starts a daemon. Resolves on the command's exit (not on
 * the close of its pipes, which a forked daemon could keep open) with
 * { code, output }.
 */
function startDaemon(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: { ...process.env, ...opts.env },
      stdio: ['ignore', 'pipe', 'pipe'],
      shell: false,
    });
    let output = '';
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', (err) => resolve({ code: -1, output: err.message }));
    child.on('exit', (code) => {
      // Give buffered output a moment, then let go of the pipes.
      setTimeout(() => {
        child.stdout.destroy();
        child.stderr.destroy();
        resolve({ code, output: output.trim() });
      }, 50);
    });
  });
}

async function readTail(file, lines = 15) {
  try {
    const text = await readFile(file, 'utf8');
    return text.trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------- Docker

async function dockerComposeAvailable() {
  if (!(await which('docker'))) return false;
  try {
    await run('docker', ['info'], { capture: true, timeoutMs: 15_000 });
    await run('docker', ['compose', 'version'], { capture: true, timeoutMs: 15_000 });
    return true;
  } catch {
    return false;
  }
}

async function composeUp(service, env, log) {
  log(`${service}: docker compose up -d ${service}…`);
  await run(
    'docker',
    ['compose', '-f', path.join(REPO_ROOT, 'docker-compose.yml'), 'up', '-d', service],
    { capture: true, cwd: REPO_ROOT, env },
  );
}

// ---------------------------------------------------------------- PostgreSQL

/** Clusters of Debian's postgresql-common: [{ version, name, port, status, logFile }]. */
async function listPgClusters() {
  if (await which('pg_lsclusters')) {
    try {
      const out = await run('pg_lsclusters', ['--no-header'], { capture: true });
      return out
        .split('\n')
        .map((l) => l.trim().split(/\s+/))
        .filter((f) => f.length >= 4 && /^\d/.test(f[0]))
        .map(([version, name, port, status, , , logFile]) => ({
          version,
          name,
          port: Number(port),
          status,
          logFile,
        }));
    } catch {
      // fall through to the folder listing
    }
  }
  const clusters = [];
  let versions = [];
  try {
    versions = await readdir('/etc/postgresql');
  } catch {
    return clusters;
  }
  for (const version of versions) {
    let names = [];
    try {
      names = await readdir(path.join('/etc/postgresql', version));
    } catch {
      continue;
    }
    for (const name of names) {
      let port = 5432;
      try {
        const conf = await readFile(
          path.join('/etc/postgresql', version, name, 'postgresql.conf'),
          'utf8',
        );
        const m = conf.match(/^\s*port\s*=\s*(\d+)/m);
        if (m) port = Number(m[1]);
      } catch {
        continue;
      }
      clusters.push({
        version,
        name,
        port,
        status: 'unknown',
        logFile: `/var/log/postgresql/postgresql-${version}-${name}.log`,
      });
    }
  }
  return clusters;
}

/** Highest PostgreSQL major whose server binaries are installed (Debian layout), or null. */
async function installedPgVersion() {
  let entries = [];
  try {
    entries = await readdir('/usr/lib/postgresql');
  } catch {
    return null;
  }
  const versions = [];
  for (const v of entries) {
    try {
      await access(path.join('/usr/lib/postgresql', v, 'bin', 'postgres'), fsConstants.X_OK);
      versions.push(v);
    } catch {
      // client only
    }
  }
  versions.sort((a, b) => Number(b) - Number(a));
  return versions[0] ?? null;
}

function pickCluster(clusters, port) {
  const onPort = clusters.filter((c) => c.port === port);
  return onPort.find((c) => c.name === 'main') ?? onPort[0] ?? null;
}

/**
 * Finds (or, as root, creates) the Debian cluster for the port and starts it.
 * Returns the cluster, or null when PostgreSQL's server is not installed.
 */
async function startInstalledPostgres(host, port, log) {
  if (!(await which('pg_ctlcluster'))) return null;
  const clusters = await listPgClusters();
  let cluster = pickCluster(clusters, port);
  if (!cluster) {
    const version = await installedPgVersion();
    if (!version) {
      if (clusters.length === 0) return null;
      throw new Error(
        `PostgreSQL: hay clústeres instalados (${clusters
          .map((c) => `${c.version}/${c.name} en el puerto ${c.port}`)
          .join(', ')}) pero ninguno en el puerto ${port} de DATABASE_URL.`,
      );
    }
    if (!isRoot()) {
      throw new Error(
        `PostgreSQL ${version} está instalado pero no hay un clúster en el puerto ${port}; ` +
          `créelo como root: pg_createcluster ${version} main --port ${port}`,
      );
    }
    const name = clusters.some((c) => c.version === version && c.name === 'main')
      ? `port${port}`
      : 'main';
    log(`PostgreSQL: creando el clúster ${version}/${name} en el puerto ${port}…`);
    await run('pg_createcluster', [version, name, '--port', String(port)], { capture: true });
    cluster = {
      version,
      name,
      port,
      status: 'down',
      logFile: `/var/log/postgresql/postgresql-${version}-${name}.log`,
    };
  }
  log(
    `PostgreSQL: arrancando el clúster ${cluster.version}/${cluster.name} ` +
      `(pg_ctlcluster ${cluster.version} ${cluster.name} start)…`,
  );
  const { code, output } = await startDaemon('pg_ctlcluster', [
    '--skip-systemctl-redirect',
    cluster.version,
    cluster.name,
    'start',
  ]);
  // Exit code 2 means "already running": the port check below tells the rest.
  if (code !== 0 && code !== 2) {
    throw new Error(
      `PostgreSQL: pg_ctlcluster ${cluster.version} ${cluster.name} start falló (código ${code}):\n` +
        `${output}\n${await readTail(cluster.logFile)}`.trimEnd(),
    );
  }
  await waitForPostgres(host, port, cluster);
  return cluster;
}

async function waitForPostgres(host, port, cluster) {
  const start = Date.now();
  if (!(await waitForPort(host, port))) {
    const logTail = cluster ? await readTail(cluster.logFile) : '';
    throw new Error(
      `PostgreSQL no respondió en ${hostPort(host, port)} en ${START_TIMEOUT_MS / 1000} s` +
        (cluster ? ` (registro: ${cluster.logFile})` : '') +
        (logTail ? `:\n${logTail}` : ''),
    );
  }
  // The port opens slightly before the server accepts connections.
  if (await which('pg_isready')) {
    const args = ['-q', '-h', host, '-p', String(port)];
    while (Date.now() - start < START_TIMEOUT_MS) {
      const { code } = await startDaemon('pg_isready', args);
      if (code === 0) return;
      await sleep(500);
    }
  }
}

/** Connects with psql as `postgres` without a password; returns '' or the error text. */
async function tryPostgresLogin(host, port) {
  try {
    await run('psql', ['-w', '-X', '-tAc', 'SELECT 1'], {
      capture: true,
      env: {
        PGHOST: host,
        PGPORT: String(port),
        PGUSER: 'postgres',
        PGDATABASE: 'postgres',
        PGPASSWORD: '',
        PGCONNECT_TIMEOUT: '10',
      },
    });
    return '';
  } catch (err) {
    return err.message;
  }
}

/**
 * Debian's fresh cluster asks TCP clients for a password (scram-sha-256) and the
 * postgres role has none. For a cluster this script installed, switch the
 * loopback host lines of pg_hba.conf to trust, as on the project's machines.
 */
async function allowLocalTrust(cluster, host, port, log) {
  const failure = await tryPostgresLogin(host, port);
  if (!failure) return false;
  if (!/password|authentication/i.test(failure)) {
    throw new Error(`PostgreSQL: no se pudo conectar como postgres:\n${failure}`);
  }
  const hba = path.join('/etc/postgresql', cluster.version, cluster.name, 'pg_hba.conf');
  const text = await readFile(hba, 'utf8');
  const pattern = /^(\s*host\s+all\s+all\s+(?:127\.0\.0\.1\/32|::1\/128)\s+)(\S+)(.*)$/gm;
  const next = text.replace(pattern, (_, head, _method, rest) => `${head}trust${rest}`);
  if (next === text) {
    throw new Error(
      `PostgreSQL: la conexión como postgres falla y ${hba} no tiene líneas que cambiar`,
    );
  }
  await copyFile(hba, `${hba}.taquilla.bak`);
  await writeFile(hba, next);
  log(
    `PostgreSQL: ${hba}: las líneas host de 127.0.0.1/32 y ::1/128 pasan a «trust» ` +
      `(copia en ${hba}.taquilla.bak); recargando…`,
  );
  await run(
    'pg_ctlcluster',
    ['--skip-systemctl-redirect', cluster.version, cluster.name, 'reload'],
    {
      capture: true,
    },
  );
  const deadline = Date.now() + 10_000;
  let again = await tryPostgresLogin(host, port);
  while (again && Date.now() < deadline) {
    await sleep(300);
    again = await tryPostgresLogin(host, port);
  }
  if (again) throw new Error(`PostgreSQL: sigue sin aceptar a postgres sin clave:\n${again}`);
  return true;
}

/**
 * Makes sure a PostgreSQL server answers at DATABASE_URL's host and port.
 * Returns a sentence telling which path was taken.
 */
export async function ensurePostgres(databaseUrl, log = console.log) {
  const { host, port } = pgTarget(databaseUrl);
  const where = hostPort(host, port);
  const done = (msg) => {
    log(msg);
    return msg;
  };

  if (await isTcpReachable(host, port)) {
    return done(`PostgreSQL: usando el servidor en ${where} (ya en ejecución)`);
  }
  if (!isLocalHost(host)) {
    throw new Error(
      `PostgreSQL: no se puede conectar con ${where}. No es un servidor de esta máquina, ` +
        'así que no se arranca: compruebe DATABASE_URL y que el servidor esté accesible.',
    );
  }
  log(`PostgreSQL: nada escucha en ${where}`);

  // (a) installed here: start it
  const cluster = await startInstalledPostgres(host, port, log);
  if (cluster) {
    return done(
      `PostgreSQL: arrancado el clúster instalado ${cluster.version}/${cluster.name} en ${where} (pg_ctlcluster)`,
    );
  }

  // (b) root + apt-get: install Debian's package, then start it
  if (await canAptInstall()) {
    log('PostgreSQL no está instalado: instalando el paquete postgresql de Debian…');
    await aptInstall(['postgresql'], log);
    // The package's post-install creates (and usually starts) the main cluster.
    const installed = await startInstalledPostgres(host, port, log);
    if (!installed) {
      throw new Error('PostgreSQL: se instaló el paquete postgresql pero no aparece pg_ctlcluster');
    }
    const trusted = await allowLocalTrust(installed, host, port, log);
    return done(
      `PostgreSQL: instalado con apt-get y arrancado el clúster ${installed.version}/${installed.name} ` +
        `en ${where}${trusted ? ' (acceso local TCP en modo trust)' : ''}`,
    );
  }

  // (c) Docker
  if (await dockerComposeAvailable()) {
    await composeUp('postgres', { POSTGRES_PORT: String(port) }, log);
    await waitForPostgres(host, port, null);
    return done(
      `PostgreSQL: arrancado con docker compose (servicio postgres) en ${where}; ` +
        'su usuario es taquilla/taquilla: DATABASE_URL debe usarlo',
    );
  }

  // (d) nothing we can do
  throw new Error(
    `PostgreSQL no responde en ${where} y no se puede arrancar: no está instalado, ` +
      'este proceso no puede instalarlo (hace falta root y apt-get) y no hay Docker. ' +
      'Instale PostgreSQL 15 o posterior («apt-get install postgresql»), arránquelo ' +
      `en el puerto ${port} y permita al usuario de DATABASE_URL conectarse por TCP; ` +
      'o use «docker compose up -d postgres redis».',
  );
}

// ---------------------------------------------------------------- Redis

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
    throw new Error(
      `Redis: redis-server terminó con el código ${code}:\n${output}\n${await readTail(logFile)}`.trimEnd(),
    );
  }
  if (!(await waitForPort(host, port))) {
    throw new Error(
      `Redis no respondió en ${hostPort(host, port)} en ${START_TIMEOUT_MS / 1000} s ` +
        `(registro: ${logFile}):\n${await readTail(logFile)}`,
    );
  }
}

/**
 * Makes sure a Redis server answers at REDIS_URL's host and port.
 * Returns a sentence telling which path was taken.
 */
export async function ensureRedis(redisUrl, log = console.log) {
  const { url, host, port } = redisTarget(redisUrl);
  const where = hostPort(host, port);
  const password = url.password ? decodeURIComponent(url.password) : '';
  const done = (msg) => {
    log(msg);
    return msg;
  };

  if (await isTcpReachable(host, port)) {
    return done(`Redis: usando el servidor en ${where} (ya en ejecución)`);
  }
  if (!isLocalHost(host)) {
    throw new Error(
      `Redis: no se puede conectar con ${where}. No es un servidor de esta máquina, ` +
        'así que no se arranca: compruebe REDIS_URL y que el servidor esté accesible.',
    );
  }
  log(`Redis: nada escucha en ${where}`);

  // (a) installed here: start it
  if (await which('redis-server')) {
    await startRedis(host, port, password, log);
    return done(`Redis: arrancado el redis-server instalado en ${where}`);
  }

  // (b) root + apt-get: install Debian's package, then start it
  if (await canAptInstall()) {
    log('Redis no está instalado: instalando el paquete redis-server de Debian…');
    await aptInstall(['redis-server'], log);
    // The package's post-install may already have started its own service.
    if (await waitForPort(host, port, 3000)) {
      return done(`Redis: instalado con apt-get; el servicio del paquete escucha en ${where}`);
    }
    await startRedis(host, port, password, log);
    return done(`Redis: instalado con apt-get y arrancado en ${where}`);
  }

  // (c) Docker
  if (await dockerComposeAvailable()) {
    await composeUp('redis', { REDIS_PORT: String(port) }, log);
    if (!(await waitForPort(host, port))) {
      throw new Error(
        `Redis (docker compose) no respondió en ${where} en ${START_TIMEOUT_MS / 1000} s`,
      );
    }
    return done(`Redis: arrancado con docker compose (servicio redis) en ${where}`);
  }

  // (d) nothing we can do
  throw new Error(
    `Redis no responde en ${where} y no se puede arrancar: no está instalado, ` +
      'este proceso no puede instalarlo (hace falta root y apt-get) y no hay Docker. ' +
      `Instale Redis 7 («apt-get install redis-server») y arránquelo en el puerto ${port}; ` +
      'o use «docker compose up -d postgres redis».',
  );
}

// ---------------------------------------------------------------- database

/** libpq environment for the server of a URL, connected to another database. */
function pgEnv(url, database) {
  const env = {
    PGHOST: url.searchParams.get('host') || stripBrackets(url.hostname) || 'localhost',
    PGPORT: url.port || '5432',
    PGDATABASE: database,
    PGCONNECT_TIMEOUT: '10',
    PGPASSWORD: url.password ? decodeURIComponent(url.password) : '',
  };
  if (url.username) env.PGUSER = decodeURIComponent(url.username);
  const sslmode = url.searchParams.get('sslmode');
  if (sslmode) env.PGSSLMODE = sslmode;
  return env;
}

async function psql(env, sql) {
  const out = await run('psql', ['-w', '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-tAc', sql], {
    capture: true,
    env,
  });
  return out.trim();
}

/**
 * Creates the database named in DATABASE_URL when it does not exist (through
 * psql: the pg package may not be installed yet). Returns a sentence.
 */
export async function ensureDatabase(databaseUrl, log = console.log) {
  const { url } = pgTarget(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ''));
  if (!name) throw new Error('DATABASE_URL no nombra ninguna base de datos (…/nombre)');
  if (!/^[A-Za-z0-9_]+$/.test(name)) {
    throw new Error(
      `El nombre de la base de datos ${JSON.stringify(name)} no es válido: ` +
        'use solo letras, cifras y guion bajo (A-Z, a-z, 0-9, _).',
    );
  }
  if (!(await which('psql'))) {
    if (await canAptInstall()) {
      log('psql no está instalado: instalando el paquete postgresql-client de Debian…');
      await aptInstall(['postgresql-client'], log);
    } else {
      throw new Error(
        'Hace falta psql para crear la base de datos y no está instalado: ' +
          '«apt-get install postgresql-client» (o créela a mano).',
      );
    }
  }
  let env = pgEnv(url, 'postgres');
  let exists;
  try {
    exists = await psql(env, `SELECT 1 FROM pg_database WHERE datname = '${name}'`);
  } catch (err) {
    // Some managed services have no "postgres" database.
    if (!/database "postgres" does not exist/.test(err.message)) {
      throw new Error(
        `No se pudo consultar PostgreSQL con el usuario de DATABASE_URL:\n${err.message}`,
      );
    }
    env = pgEnv(url, 'template1');
    exists = await psql(env, `SELECT 1 FROM pg_database WHERE datname = '${name}'`);
  }
  if (exists === '1') {
    const msg = `Base de datos «${name}»: ya existe`;
    log(msg);
    return msg;
  }
  try {
    await psql(env, `CREATE DATABASE "${name}"`);
  } catch (err) {
    if (!/already exists/.test(err.message)) {
      throw new Error(`No se pudo crear la base de datos «${name}»:\n${err.message}`);
    }
  }
  const msg = `Base de datos «${name}»: creada`;
  log(msg);
  return msg;
}

/**
 * Brings up PostgreSQL and Redis and creates the database.
 * Returns { postgres, redis, database }: one sentence each.
 */
export async function ensureServices({ databaseUrl, redisUrl, log = console.log }) {
  if (!databaseUrl) throw new Error('Falta DATABASE_URL');
  if (!redisUrl) throw new Error('Falta REDIS_URL');
  // One after the other: two apt-get runs at once would fight over apt's lock.
  const postgres = await ensurePostgres(databaseUrl, log);
  const database = await ensureDatabase(databaseUrl, log);
  const redis = await ensureRedis(redisUrl, log);
  return { postgres, redis, database };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  ensureServices({
    databaseUrl: process.env.DATABASE_URL,
    redisUrl: process.env.REDIS_URL,
  }).catch((err) => {
    console.error(err.message);
    process.exitCode = 1;
  });
}
