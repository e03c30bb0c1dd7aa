import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import path from 'node:path';
import { runLog } from './run-capture.ts';

/**
 * The API and the worker as processes of their own (tsx on the sources, as
 * `pnpm dev` runs them: the API tests run before the build), for fault tests
 * that kill them with SIGKILL. Their JSON log lines are kept for the test.
 */
const API_DIR = path.resolve(import.meta.dirname, '../..');

export interface FaultProcess {
  readonly name: string;
  readonly child: ChildProcess;
  /** Every line it wrote to stdout and stderr. */
  readonly lines: string[];
  /** kill -9: no shutdown hook runs, nothing is flushed. */
  kill9(): Promise<void>;
  /** SIGTERM, then SIGKILL after a few seconds. */
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

export function startProcess(name: 'api' | 'worker', env: Record<string, string>): FaultProcess {
  const entry = name === 'api' ? 'src/server.ts' : 'src/worker.ts';
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: API_DIR,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  // Also into the run directory, for the whole run's card-data sweep (decision 0051).
  const toRunLog = runLog(`fault-${name}`);
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream?.on('data', (chunk: Buffer) => {
      const parts = (rest + chunk.toString('utf8')).split('\n');
      rest = parts.pop() ?? '';
      lines.push(...parts.filter(Boolean));
      if (parts.length > 0) toRunLog(parts.join('\n'));
    });
  }
  return {
    name,
    child,
    lines,
    async kill9() {
      child.kill('SIGKILL');
      await exited(child);
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited(child);
      clearTimeout(timer);
    },
  };
}

/** Polls a URL until it answers 200; fails with the process's last lines. */
export async function waitUntilReady(url: string, proc: FaultProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) {
      throw new Error(`${proc.name} exited: ${proc.lines.slice(-10).join('\n')}`);
    }
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      throw new Error(`${url} not ready: ${proc.lines.slice(-10).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The first JSON log line whose `msg` is `msg`, parsed (waits for it). */
export async function waitForLogLine(
  proc: FaultProcess,
  msg: string,
  timeoutMs = 60_000,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const line of proc.lines) {
      if (!line.includes(msg)) continue;
      try {
        const parsed = JSON.parse(line) as Record<string, unknown>;
        if (parsed.msg === msg) return parsed;
      } catch {
        // not a JSON line
      }
    }
    if (proc.child.exitCode !== null || Date.now() > deadline) {
      throw new Error(`${proc.name}: no "${msg}" line: ${proc.lines.slice(-10).join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}
