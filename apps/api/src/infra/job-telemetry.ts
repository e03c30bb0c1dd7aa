import { MetricsTime } from 'bullmq';

/**
 * Every worker counts its finished jobs in Redis (BullMQ metrics: a running
 * total and one point a minute, a week of points): the API's /metrics reads the
 * failed total of each queue from there, whichever worker ran the job
 * (docs/decisions/0044-watching-it.md).
 */
export const WORKER_METRICS = { metrics: { maxDataPoints: MetricsTime.ONE_WEEK } } as const;

export { inJobContext } from './request-context.ts';
