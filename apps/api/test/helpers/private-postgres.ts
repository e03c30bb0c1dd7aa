import { execFile } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './private-redis.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');

/**
 * A PostgreSQL cluster of the test's own (initdb + pg_ctl in a temp folder, a
 * free port, trust authentication, fsync off), for fault tests that stop and
 * start it: the machine's shared server serves every other test and is never
 * restarted. The binaries come from /usr/lib/postgresql/<version>/bin (or
 * PG_BIN); as root, they run as the `postgres` user, since initdb refuses root.
 */
export interface PrivatePostgres {
  /** postgresql://postgres@127.0.0.1:<port>/taquilla, migrated. */
  url: string;
  port: number;
  /** pg_ctl stop -m fast: open connections are terminated. */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): Promise<void>;
}

function binDir(): string {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const base = '/usr/lib/postgresql';
  const versions = readdirSync(base).sort((a, b) => Number(b) - Number(a));
  if (!versions[0]) throw new Error('no PostgreSQL under /usr/lib/postgresql');
  return path.join(base, versions[0], 'bin');
}

export async function startPrivatePostgres(): Promise<PrivatePostgres> {
  const bin = binDir();
  const asRoot = userInfo().uid === 0;
  const dir = await mkdtemp(path.join(tmpdir(), 'taquilla-faults-pg-'));
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    await chown(dir, Number(stdout.trim()), Number(gid.trim()));
  }
  const pgRun = (tool: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);
  const data = path.join(dir, 'data');
  const port = await freePort();
  await pgRun('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    await pgRun('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'log'), '-w', 'start']);
  };
  const stop = async () => {
    await pgRun('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  await start();
  const admin = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  await run(path.join(bin, 'psql'), [admin, '-qc', 'CREATE DATABASE taquilla']);
  const url = `postgresql://postgres@127.0.0.1:${port}/taquilla`;
  await run(path.join(ROOT, 'node_modules/.bin/prisma'), ['migrate', 'deploy'], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: url, CHECKPOINT_DISABLE: '1' },
  });
  let destroyed = false;
  return {
    url,
    port,
    stop,
    start,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
