import { setTimeout as sleep } from 'node:timers/promises';
import type { Job, Worker } from 'bullmq';

interface ShutdownLog {
  info: (o: object, m: string) => void;
  warn: (o: object, m: string) => void;
}

export interface WorkerShutdown {
  /**
   * Stops taking jobs at once and waits up to `graceMs` for the running ones to
   * finish; jobs still running then are handed back to their queue (active → wait,
   * by their lock token) for another worker to run from the start. Answers how many
   * finished and how many went back.
   */
  close(graceMs: number): Promise<{ finished: number; handedBack: number }>;
}

/**
 * Follows the jobs each worker runs, so that a SIGTERM can let them finish or hand
 * them back (decision 0047). A worker killed without this (kill -9, a lost machine)
 * leaves its jobs to BullMQ's stalled-job check: another worker takes them once their
 * lock expires (30 s).
 */
export function trackWorkersForShutdown(workers: Worker[], log: ShutdownLog): WorkerShutdown {
  const running = new Map<string, Job>();
  const keyOf = (worker: Worker, job: Job) => `${worker.name}:${job.id}`;
  for (const worker of workers) {
    worker.on('active', (job: Job) => running.set(keyOf(worker, job), job));
    for (const event of ['completed', 'failed'] as const) {
      worker.on(event, (job: Job | undefined) => {
        if (job) running.delete(keyOf(worker, job));
      });
    }
  }

  return {
    async close(graceMs) {
      const atStart = running.size;
      log.info({ running: atStart, graceMs }, 'worker stopping: no new jobs, running ones finish');
      // close() stops fetching at once and resolves when the running jobs are done.
      const closing = Promise.allSettled(workers.map((worker) => worker.close()));
      const inTime = await Promise.race([closing.then(() => true), sleep(graceMs, false)]);
      if (inTime) return { finished: atStart, handedBack: 0 };

      const left = [...running.values()];
      let handedBack = 0;
      for (const job of left) {
        try {
          await job.moveToWait(job.token);
          handedBack += 1;
        } catch (err) {
          // It finished (or failed) meanwhile: nothing to hand back.
          log.warn({ jobId: job.id, queue: job.queueName, err }, 'job not handed back');
        }
      }
      log.warn(
        { handedBack, jobs: left.map((job) => `${job.queueName}:${job.id}`) },
        'grace period over: running jobs handed back to their queues',
      );
      return { finished: atStart - left.length, handedBack };
    },
  };
}

/**
 * Hears SIGTERM and SIGINT for the whole life of the process and runs `stop` once. A
 * signal not heard kills Node at once (and is ignored by a container's PID 1 until the
 * SIGKILL): either way the running jobs stay active until BullMQ's stalled-job check.
 * So this is registered before the first worker can take a job, and a repeated signal
 * (a second Ctrl-C, a wrapper that forwards one more) is logged, not obeyed
 * (decision 0047).
 */
export function onStopSignals(
  log: ShutdownLog,
  stop: (signal: NodeJS.Signals) => Promise<void>,
): { readonly stopping: boolean } {
  let stopping = false;
  const hear = (signal: NodeJS.Signals) => {
    if (stopping) {
      log.warn({ signal }, 'worker already stopping: signal ignored');
      return;
    }
    stopping = true;
    void stop(signal);
  };
  process.on('SIGINT', hear);
  process.on('SIGTERM', hear);
  return {
    get stopping() {
      return stopping;
    },
  };
}
