import { Queue } from 'bullmq';
import type { ConnectionOptions } from 'bullmq';
import { QUEUES } from '../../infra/queues.ts';
import { withRequestId } from '../../infra/request-context.ts';

export interface CartExpiryJob {
  cartId: string;
}

/** Schedules each cart's release for the moment its ten minutes end. */
export interface CartExpiryScheduler {
  /**
   * One job per cart: its id is the cart id, so scheduling twice keeps one.
   * Never throws: should Redis be away, the sweeper releases the cart instead.
   */
  schedule(cartId: string, validThru: Date): Promise<void>;
  close(): Promise<void>;
}

/** Finished jobs are removed at once so that a cart filled anew can be scheduled again. */
export const CART_EXPIRY_JOB_OPTIONS = {
  removeOnComplete: true,
  removeOnFail: 1_000,
  attempts: 3,
  backoff: { type: 'exponential', delay: 1_000 },
} as const;

export function createCartExpiryScheduler(deps: {
  connection: ConnectionOptions;
  prefix?: string;
  /** The clock holds are timed by (tests move it); delays are measured against it. */
  clock: () => Date;
  log: { warn: (o: object, m: string) => void };
}): CartExpiryScheduler & { queue: Queue<CartExpiryJob> } {
  const queue = new Queue<CartExpiryJob>(QUEUES.cartExpiry, {
    connection: deps.connection,
    ...(deps.prefix ? { prefix: deps.prefix } : {}),
  });
  queue.on('error', (err) => deps.log.warn({ err }, 'cart expiry queue error'));
  return {
    queue,
    async schedule(cartId, validThru) {
      const delay = Math.max(0, validThru.getTime() - deps.clock().getTime());
      try {
        await queue.add(
          'release',
          // The request that scheduled it is named in the worker's lines (decision 0044).
          withRequestId({ cartId }),
          { ...CART_EXPIRY_JOB_OPTIONS, jobId: cartId, delay },
        );
      } catch (err) {
        deps.log.warn({ err, cartId }, 'cart expiry not scheduled; the sweeper will release it');
      }
    },
    close: () => queue.close(),
  };
}
