// Helpers shared by the PostgreSQL and Redis bring-up (see ../services.mjs):
// TCP probe, URL parsing, waiting for a port, starting daemons, Docker Compose
// and the common "reachable → local → installed → apt-get → Docker" sequence.
// Plain Node ESM using only built-ins.
import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { run, which, canAptInstall, aptInstall } from '../bootstrap.mjs';

const REPO_ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1']);
export const START_TIMEOUT_MS = 30_000;

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// ---------------------------------------------------------------- TCP and URLs

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

export function stripBrackets(hostname) {
  return hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
}

export function hostPort(host, port) {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

function isLocalHost(host) {
  return LOCAL_HOSTS.has(host.toLowerCase());
}

/** Decoded password of a URL, or ''. */
export function urlPassword(url) {
  return url.password ? decodeURIComponent(url.password) : '';
}

/**
 * Parses a service URL (name is the variable that holds it, for errors) and
 * returns { url, host, port }, host without IPv6 brackets.
 */
export function parseServiceUrl(value, name, protocols, defaultPort) {
  let url;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} no es una URL válida: ${JSON.stringify(value)}`);
  }
  if (!protocols.includes(url.protocol)) {
    throw new Error(`${name} debe empezar por ${protocols.map((p) => `${p}//`).join(' o ')}`);
  }
  return {
    url,
    host: stripBrackets(url.hostname) || 'localhost',
    port: Number(url.port || defaultPort),
  };
}

// ---------------------------------------------------------------- waiting and daemons

export async function waitForPort(host, port, timeoutMs = START_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await isTcpReachable(host, port, 1000)) return true;
    await sleep(500);
  }
  return false;
}

/**
 * Waits START_TIMEOUT_MS for host:port; throws naming the service (label) and
 * quoting the tail of its log file, if any, when it does not open.
 */
export async function waitForPortOrThrow(label, host, port, logFile = null) {
  if (await waitForPort(host, port)) return;
  const logTail = logFile ? await readTail(logFile) : '';
  throw new Error(
    `${label} no respondió en ${hostPort(host, port)} en ${START_TIMEOUT_MS / 1000} s` +
      (logFile ? ` (registro: ${logFile})` : '') +
      (logTail ? `:\n${logTail}` : ''),
  );
}

/**
 * Runs a command that starts a daemon. Resolves on the command's exit (not on
 * the close of its pipes, which a forked daemon could keep open) with
 * { code, output }.
 */
export function startDaemon(cmd, args, opts = {}) {
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

/** An Error for a daemon that failed to start: the sentence, its output and its log's tail. */
export async function startFailure(sentence, output, logFile) {
  return new Error(`${sentence}:\n${output}\n${await readTail(logFile)}`.trimEnd());
}

async function readTail(file, lines = 15) {
  try {
    const text = await readFile(file, 'utf8');
    return text.trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

// ---------------------------------------------------------------- packages and Docker

/** Installs one Debian package that provides `what`, saying so first. */
export async function installDebianPackage(what, pkg, log) {
  log(`${what} no está instalado: instalando el paquete ${pkg} de Debian…`);
  await aptInstall([pkg], log);
}

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

// ---------------------------------------------------------------- the sequence

/**
 * Makes sure a server answers at host:port, trying in order (see ../services.mjs):
 * already reachable, refuse a remote host, start the installed server, install
 * the Debian package, Docker Compose. Returns (and logs) a sentence telling
 * which path was taken. The service describes its own steps:
 *
 *   label, envVar, host, port
 *   startInstalled()   → sentence, or null when the server is not installed here
 *   aptPackage         Debian package that provides the server
 *   afterAptInstall()  → sentence, once the package is installed
 *   composeService, composeEnv
 *   afterComposeUp()   → sentence, once `docker compose up -d` returned
 *   installAdvice      what the operator should install, for the final error
 */
export async function ensureLocalService(service, log) {
  const { label, envVar, host, port } = service;
  const where = hostPort(host, port);
  const done = (msg) => {
    log(msg);
    return msg;
  };

  if (await isTcpReachable(host, port)) {
    return done(`${label}: usando el servidor en ${where} (ya en ejecución)`);
  }
  if (!isLocalHost(host)) {
    throw new Error(
      `${label}: no se puede conectar con ${where}. No es un servidor de esta máquina, ` +
        `así que no se arranca: compruebe ${envVar} y que el servidor esté accesible.`,
    );
  }
  log(`${label}: nada escucha en ${where}`);

  // (a) installed here: start it
  const started = await service.startInstalled();
  if (started) return done(started);

  // (b) root + apt-get: install Debian's package, then start it
  if (await canAptInstall()) {
    await installDebianPackage(label, service.aptPackage, log);
    return done(await service.afterAptInstall());
  }

  // (c) Docker
  if (await dockerComposeAvailable()) {
    await composeUp(service.composeService, service.composeEnv, log);
    return done(await service.afterComposeUp());
  }

  // (d) nothing we can do
  throw new Error(
    `${label} no responde en ${where} y no se puede arrancar: no está instalado, ` +
      'este proceso no puede instalarlo (hace falta root y apt-get) y no hay Docker. ' +
      service.installAdvice +
      'o use «docker compose up -d postgres redis».',
  );
}
