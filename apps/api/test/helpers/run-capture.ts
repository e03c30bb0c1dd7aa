import { execFile } from 'node:child_process';
import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import type { Redis } from 'ioredis';
import { expect, inject } from 'vitest';

/**
 * The whole run's trail for the card-data sweep (decision 0051): every log line
 * a test's app, worker or child process writes is also appended to a file of the
 * run directory, every test database is dumped there before it is dropped, and
 * the values of a test app's Redis namespace are written there before it closes.
 * test/sweep/card-data-sweep.test.ts searches it all after the run.
 *
 * The directory is TAQUILLA_TEST_LOG_DIR (scripts/test.mjs sets it), or one the
 * global setup makes when it is absent; `off` turns the capture off. A failure
 * to capture never fails a test: it is written to errors.log, which the sweep reads.
 */
const run = promisify(execFile);

declare module 'vitest' {
  export interface ProvidedContext {
    runLogDir: string;
  }
}

function runDir(): string | null {
  let dir = '';
  try {
    dir = inject('runLogDir');
  } catch {
    return null;
  }
  return dir && dir !== 'off' ? dir : null;
}

/** The running test file's name without `.test.ts` (the run directory's files are named after it). */
function testFileLabel(): string {
  const file = expect.getState().testPath;
  return file ? path.basename(file).replace(/\.test\.ts$/, '') : 'desconocido';
}

const made = new Set<string>();
function fileIn(sub: string, name: string): string | null {
  const dir = runDir();
  if (!dir) return null;
  const folder = path.join(dir, sub);
  if (!made.has(folder)) {
    mkdirSync(folder, { recursive: true });
    made.add(folder);
  }
  return path.join(folder, name);
}

/** How long each capture took, in times.log (`<kind>\t<ms>`): the sweep prints the sum. */
function recordTime(kind: string, started: number) {
  const file = fileIn('.', 'times.log');
  if (file) appendFileSync(file, `${kind}\t${Date.now() - started}\n`);
}

function recordError(what: string, err: unknown) {
  const file = fileIn('.', 'errors.log');
  if (!file) return;
  const reason = err instanceof Error ? err.message.split('\n')[0] : String(err);
  appendFileSync(file, `${testFileLabel()}: ${what}: ${reason}\n`);
}

/**
 * An appender for one source's log text (`app`, `worker`, `stack-a`…): each call
 * appends the text as given (a pino chunk ends with its newline), to
 * logs/<test file>.<source>.<pid>.log. A no-op when the capture is off.
 */
export function runLog(source: string): (text: string) => void {
  const file = fileIn('logs', `${testFileLabel()}.${source}.${process.pid}.log`);
  if (!file) return () => {};
  return (text) => {
    try {
      appendFileSync(file, text.endsWith('\n') ? text : `${text}\n`);
    } catch (err) {
      recordError(`registro ${source}`, err);
    }
  };
}

/** pg_dump --data-only of a test database into dumps/<test file>.<database>.sql, before it is dropped. */
export async function dumpTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const file = fileIn('dumps', `${testFileLabel()}.${name}.sql`);
  if (!file) return;
  const started = Date.now();
  try {
    await run('pg_dump', ['--data-only', '--no-owner', `--file=${file}`, url], {
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (err) {
    recordError(`pg_dump ${name}`, err);
  }
  recordTime('pg_dump', started);
}

/** Every value under a Redis namespace (strings, hashes, lists, sets, sorted sets, streams) into redis/. */
export async function dumpRedisNamespace(redis: Redis, namespace: string): Promise<void> {
  const file = fileIn('redis', `${testFileLabel()}.${namespace.replace(/[^\w.-]+/g, '_')}.txt`);
  if (!file) return;
  const scan = async () => {
    const out: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${namespace}*`, 'COUNT', 1000);
      cursor = next;
      for (const key of keys) out.push(`${key}\t${await redisValue(redis, key)}`);
    } while (cursor !== '0');
    appendFileSync(file, out.length > 0 ? `${out.join('\n')}\n` : '');
  };
  // A connection the test already closed (or a Redis it stopped) must not hold the teardown.
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('sin respuesta en 10 s')), 10_000);
  });
  try {
    if (redis.status !== 'ready') throw new Error(`conexión ${redis.status}`);
    await Promise.race([scan(), timeout]);
  } catch (err) {
    recordError(`redis ${namespace}`, err);
  } finally {
    clearTimeout(timer);
  }
  recordTime('redis', started);
}

async function redisValue(redis: Redis, key: string): Promise<string> {
  switch (await redis.type(key)) {
    case 'string':
      return (await redis.getBuffer(key))?.toString('latin1') ?? '';
    case 'hash':
      return JSON.stringify(await redis.hgetall(key));
    case 'list':
      return JSON.stringify(await redis.lrange(key, 0, -1));
    case 'set':
      return JSON.stringify(await redis.smembers(key));
    case 'zset':
      return JSON.stringify(await redis.zrange(key, '0', '-1'));
    case 'stream':
      return JSON.stringify(await redis.xrange(key, '-', '+'));
    default:
      return '';
  }
}
