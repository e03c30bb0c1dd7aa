// Machine bootstrap helpers for the project's scripts (setup, start, test, CI).
// Plain Node ESM using only built-ins: these run before `pnpm install`.
import { spawn } from 'node:child_process';
import { access, readFile } from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import path from 'node:path';

const CHROMIUM_PATH = '/usr/bin/chromium';
const PNPM_MAJOR = 12;

function describe(cmd, args) {
  return [cmd, ...args].join(' ');
}

function tail(text, lines = 20) {
  const all = String(text ?? '')
    .trimEnd()
    .split('\n');
  return all.slice(-lines).join('\n');
}

/**
 * Runs a command without a shell. Resolves when it exits with code 0 and
 * rejects with a clear Error otherwise.
 *
 * opts:
 * - env: variables added to (and overriding) process.env for the child
 * - cwd: working directory
 * - capture: true to pipe stdout and stderr; the promise then resolves with
 *   stdout (a string) and a failure's message includes the end of stderr.
 *   Without it stdio is inherited and the promise resolves with undefined.
 * - input: a string written to the child's stdin (capture mode only)
 * - timeoutMs: kill the child (SIGTERM) after this many milliseconds
 */
export function run(cmd, args = [], opts = {}) {
  const { env, cwd, capture = false, input, timeoutMs } = opts;
  return new Promise((resolve, reject) => {
    let child;
    try {
      child = spawn(cmd, args, {
        cwd,
        env: env ? { ...process.env, ...env } : process.env,
        stdio: capture ? ['pipe', 'pipe', 'pipe'] : 'inherit',
        shell: false,
      });
    } catch (err) {
      reject(new Error(`No se pudo ejecutar «${describe(cmd, args)}»: ${err.message}`));
      return;
    }
    let stdout = '';
    let stderr = '';
    let timedOut = false;
    let timer;
    if (timeoutMs) {
      timer = setTimeout(() => {
        timedOut = true;
        child.kill('SIGTERM');
      }, timeoutMs);
    }
    if (capture) {
      child.stdout.setEncoding('utf8');
      child.stderr.setEncoding('utf8');
      child.stdout.on('data', (d) => (stdout += d));
      child.stderr.on('data', (d) => (stderr += d));
      child.stdin.on('error', () => {});
      child.stdin.end(input ?? '');
    }
    child.on('error', (err) => {
      clearTimeout(timer);
      const why =
        err.code === 'ENOENT' ? `no se encontró el comando «${cmd}» en el PATH` : err.message;
      reject(new Error(`No se pudo ejecutar «${describe(cmd, args)}»: ${why}`));
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) {
        resolve(capture ? stdout : undefined);
        return;
      }
      let msg = timedOut
        ? `«${describe(cmd, args)}» superó el tiempo límite de ${timeoutMs} ms`
        : signal
          ? `«${describe(cmd, args)}» terminó por la señal ${signal}`
          : `«${describe(cmd, args)}» terminó con el código ${code}`;
      if (capture && (stderr.trim() || stdout.trim())) {
        msg += `:\n${tail(stderr.trim() ? stderr : stdout)}`;
      }
      const error = new Error(msg);
      error.code = code;
      error.stdout = stdout;
      error.stderr = stderr;
      reject(error);
    });
  });
}

/** Absolute path of an executable found in PATH (plus the sbin folders), or null. */
export async function which(cmd) {
  const dirs = (process.env.PATH ?? '').split(path.delimiter).filter(Boolean);
  for (const extra of [
    '/usr/local/sbin',
    '/usr/local/bin',
    '/usr/sbin',
    '/usr/bin',
    '/sbin',
    '/bin',
  ]) {
    if (!dirs.includes(extra)) dirs.push(extra);
  }
  for (const dir of dirs) {
    const candidate = path.join(dir, cmd);
    try {
      await access(candidate, fsConstants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return null;
}

export function isRoot() {
  return typeof process.getuid === 'function' && process.getuid() === 0;
}

let aptUpdated = null;

/** True when this process may install Debian packages (root and apt-get present). */
export async function canAptInstall() {
  return isRoot() && (await which('apt-get')) !== null;
}

/**
 * Installs Debian packages with apt-get (runs `apt-get update` once per process).
 * Output is captured and shown only when the command fails.
 */
export async function aptInstall(packages, log = console.log) {
  if (!(await canAptInstall())) {
    throw new Error(
      `Hace falta instalar ${packages.join(', ')} y este proceso no puede hacerlo ` +
        '(requiere root y apt-get). Instálelo(s) a mano y vuelva a intentarlo.',
    );
  }
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (!aptUpdated) {
    log('apt-get update…');
    aptUpdated = run('apt-get', ['update'], { capture: true, env }).catch((err) => {
      aptUpdated = null;
      throw err;
    });
  }
  await aptUpdated;
  log(`apt-get install -y ${packages.join(' ')} (puede tardar unos minutos)…`);
  await run('apt-get', ['install', '-y', '--no-install-recommends', ...packages], {
    capture: true,
    env,
  });
}

async function pnpmVersion() {
  try {
    return (await run('pnpm', ['--version'], { capture: true, timeoutMs: 60_000 })).trim();
  } catch {
    return null;
  }
}

/**
 * Makes sure pnpm 12 is on the PATH, installing it with `npm install -g pnpm@12`
 * when it is missing or of another major (corepack fails on signatures on our
 * machines). Returns the version string.
 */
export async function ensurePnpm(log = console.log) {
  let version = await pnpmVersion();
  if (version && Number(version.split('.')[0]) === PNPM_MAJOR) {
    log(`pnpm ${version}: ya instalado`);
    return version;
  }
  log(
    version
      ? `pnpm ${version} no es la versión ${PNPM_MAJOR}: instalando pnpm@${PNPM_MAJOR} con npm…`
      : `pnpm no está instalado: instalando pnpm@${PNPM_MAJOR} con npm…`,
  );
  const args = ['install', '-g', `pnpm@${PNPM_MAJOR}`];
  try {
    await run('npm', args, { capture: true });
  } catch (err) {
    // A pnpm installed another way (a corepack shim, a standalone script)
    // makes npm refuse to overwrite its bin link.
    if (!/EEXIST/.test(err.message)) throw err;
    log('npm no pudo reemplazar un pnpm existente (EEXIST): reintentando con --force…');
    await run('npm', [...args, '--force'], { capture: true });
  }
  version = await pnpmVersion();
  if (!version) {
    // npm's global bin folder may be missing from PATH.
    const prefix = (await run('npm', ['prefix', '-g'], { capture: true })).trim();
    const bin = path.join(prefix, 'bin');
    process.env.PATH = `${bin}${path.delimiter}${process.env.PATH ?? ''}`;
    version = await pnpmVersion();
  }
  if (!version || Number(version.split('.')[0]) !== PNPM_MAJOR) {
    throw new Error(
      `Se instaló pnpm@${PNPM_MAJOR} pero «pnpm --version» da ${version ?? 'nada'}. ` +
        'Revise el PATH (otra copia de pnpm puede estar delante).',
    );
  }
  log(`pnpm ${version}: instalado`);
  return version;
}

/**
 * Makes sure Debian's Chromium (used by Playwright) exists, installing it with
 * apt-get when possible. Returns its path.
 */
export async function ensureChromium(log = console.log) {
  try {
    await access(CHROMIUM_PATH, fsConstants.X_OK);
    log(`Chromium: ${CHROMIUM_PATH} ya instalado`);
    return CHROMIUM_PATH;
  } catch {
    // not installed
  }
  if (!(await canAptInstall())) {
    throw new Error(
      `Chromium no está instalado (${CHROMIUM_PATH}) y este proceso no puede instalarlo ` +
        '(requiere root y apt-get). Instálelo con «apt-get install chromium».',
    );
  }
  log('Chromium no está instalado: instalando el paquete chromium de Debian…');
  await aptInstall(['chromium'], log);
  await access(CHROMIUM_PATH, fsConstants.X_OK).catch(() => {
    throw new Error(`Se instaló chromium pero ${CHROMIUM_PATH} no existe.`);
  });
  log(`Chromium: ${CHROMIUM_PATH} instalado`);
  return CHROMIUM_PATH;
}

/** Parses the text of a simple KEY=VALUE .env file into an object. */
export function parseDotEnv(text) {
  const out = {};
  for (const raw of text.split(/\r?\n/)) {
    let line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    if (line.startsWith('export ')) line = line.slice(7).trimStart();
    const eq = line.indexOf('=');
    if (eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    if (!/^[A-Za-z_][A-Za-z0-9_.]*$/.test(key)) continue;
    let value = line.slice(eq + 1).trim();
    const quote = value[0];
    if ((quote === '"' || quote === "'") && value.length >= 2 && value.endsWith(quote)) {
      value = value.slice(1, -1);
      if (quote === '"') {
        value = value.replace(/\\([nrt"\\])/g, (_, c) =>
          c === 'n' ? '\n' : c === 'r' ? '\r' : c === 't' ? '\t' : c,
        );
      }
    } else {
      // An unquoted value ends at an inline comment (" #").
      const hash = value.search(/\s#/);
      if (hash !== -1) value = value.slice(0, hash).trimEnd();
    }
    out[key] = value;
  }
  return out;
}

/** Reads and parses a .env file; a missing file gives an empty object. */
export async function loadDotEnv(file) {
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if (err.code === 'ENOENT') return {};
    throw err;
  }
  return parseDotEnv(text);
}

/**
 * Copies variables into process.env without overriding those already set
 * (the real environment wins over .env). Returns the keys that were applied.
 */
export function applyEnv(obj) {
  const applied = [];
  for (const [key, value] of Object.entries(obj ?? {})) {
    if (process.env[key] === undefined) {
      process.env[key] = String(value);
      applied.push(key);
    }
  }
  return applied;
}
