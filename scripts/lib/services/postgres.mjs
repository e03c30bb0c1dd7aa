// PostgreSQL: bring up the server DATABASE_URL names (Debian's pg_ctlcluster,
// apt-get or Docker Compose) and create its database through psql.
// Plain Node ESM using only built-ins.
import path from 'node:path';
import { copyFile, readdir, readFile, writeFile, access } from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import { run, which, isRoot, canAptInstall } from '../bootstrap.mjs';
import {
  START_TIMEOUT_MS,
  ensureLocalService,
  hostPort,
  installDebianPackage,
  parseServiceUrl,
  sleep,
  startDaemon,
  startFailure,
  stripBrackets,
  urlPassword,
  waitForPortOrThrow,
} from './common.mjs';

function pgTarget(databaseUrl) {
  return parseServiceUrl(databaseUrl, 'DATABASE_URL', ['postgresql:', 'postgres:'], 5432);
}

// ---------------------------------------------------------------- clusters

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
    throw await startFailure(
      `PostgreSQL: pg_ctlcluster ${cluster.version} ${cluster.name} start falló (código ${code})`,
      output,
      cluster.logFile,
    );
  }
  await waitForPostgres(host, port, cluster);
  return cluster;
}

async function waitForPostgres(host, port, cluster) {
  const start = Date.now();
  await waitForPortOrThrow('PostgreSQL', host, port, cluster?.logFile);
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

// ---------------------------------------------------------------- local access

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

// ---------------------------------------------------------------- server

/**
 * Makes sure a PostgreSQL server answers at DATABASE_URL's host and port.
 * Returns a sentence telling which path was taken.
 */
export async function ensurePostgres(databaseUrl, log = console.log) {
  const { host, port } = pgTarget(databaseUrl);
  const where = hostPort(host, port);
  return ensureLocalService(
    {
      label: 'PostgreSQL',
      envVar: 'DATABASE_URL',
      host,
      port,
      async startInstalled() {
        const cluster = await startInstalledPostgres(host, port, log);
        if (!cluster) return null;
        return `PostgreSQL: arrancado el clúster instalado ${cluster.version}/${cluster.name} en ${where} (pg_ctlcluster)`;
      },
      aptPackage: 'postgresql',
      async afterAptInstall() {
        // The package's post-install creates (and usually starts) the main cluster.
        const installed = await startInstalledPostgres(host, port, log);
        if (!installed) {
          throw new Error(
            'PostgreSQL: se instaló el paquete postgresql pero no aparece pg_ctlcluster',
          );
        }
        const trusted = await allowLocalTrust(installed, host, port, log);
        return (
          `PostgreSQL: instalado con apt-get y arrancado el clúster ${installed.version}/${installed.name} ` +
          `en ${where}${trusted ? ' (acceso local TCP en modo trust)' : ''}`
        );
      },
      composeService: 'postgres',
      composeEnv: { POSTGRES_PORT: String(port) },
      async afterComposeUp() {
        await waitForPostgres(host, port, null);
        return (
          `PostgreSQL: arrancado con docker compose (servicio postgres) en ${where}; ` +
          'su usuario es taquilla/taquilla: DATABASE_URL debe usarlo'
        );
      },
      installAdvice:
        'Instale PostgreSQL 15 o posterior («apt-get install postgresql»), arránquelo ' +
        `en el puerto ${port} y permita al usuario de DATABASE_URL conectarse por TCP; `,
    },
    log,
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
    PGPASSWORD: urlPassword(url),
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
      await installDebianPackage('psql', 'postgresql-client', log);
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
