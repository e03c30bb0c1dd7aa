import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';

/** WebSocket close code 1012 "Service Restart": the client should reconnect (elsewhere). */
export const RESTART_CLOSE_CODE = 1012;
/** The close frame's reason (at most 123 bytes of UTF-8). */
export const RESTART_CLOSE_REASON = 'El servidor se reinicia; vuelve a conectarte';

/** No request for this long after the drain: the balancer has stopped sending. */
const QUIET_MS = 500;

export interface ShutdownTimes {
  /** How long readiness says 503 while the instance still serves (the load balancer's turn). */
  drainMs: number;
  /** How long requests in flight may take once the listener closes; then the exit is forced. */
  timeoutMs: number;
}

/**
 * The API's answer to SIGTERM (decision 0047), in order:
 *
 * 1. readiness answers 503 and every response says `Connection: close`, while the
 *    instance keeps serving for `drainMs`, and longer (up to twice) until no request
 *    came for half a second: the load balancer takes it out of rotation and clients'
 *    kept-alive connections move to the other instances;
 * 2. every WebSocket is closed with 1012 and a Spanish reason (the SPA reconnects, and
 *    the load balancer sends it to another instance);
 * 3. the listener closes and the requests in flight finish (Fastify answers 503 to a
 *    request that still arrives on an open connection), then the app's onClose hooks
 *    close queues, pools and the hub, and `afterClose` the rest;
 * 4. exit 0, or 1 when step 3 took longer than `timeoutMs`.
 *
 * Call before `listen` (it adds a hook); the returned function runs the shutdown once.
 */
export function prepareGracefulShutdown(
  app: FastifyInstance,
  times: ShutdownTimes,
  afterClose: () => Promise<unknown>,
): (signal: string) => Promise<void> {
  /** When the last request other than a health probe came in (the balancer's probes go on). */
  let lastRequestAt = 0;
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/health/')) lastRequestAt = Date.now();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (app.health.isDraining()) reply.header('connection', 'close');
  });
  let running: Promise<void> | null = null;

  async function shutdown(signal: string): Promise<void> {
    const started = Date.now();
    app.health.startDraining();
    app.log.info({ signal, drainMs: times.drainMs }, 'shutting down: draining');
    await sleep(times.drainMs);
    // A balancer slower than the drain (or an instance too busy to answer its probes in
    // time) still sends requests: wait until none came for a while, at most another drain.
    const drainEnd = Date.now() + times.drainMs;
    while (Date.now() - lastRequestAt < QUIET_MS && Date.now() < drainEnd) await sleep(50);

    let sockets = 0;
    for (const client of app.websocketServer?.clients ?? []) {
      client.close(RESTART_CLOSE_CODE, RESTART_CLOSE_REASON);
      sockets += 1;
    }
    app.log.info({ sockets }, 'shutting down: sockets told to reconnect, listener closing');

    const forced = setTimeout(() => {
      app.log.error({ timeoutMs: times.timeoutMs }, 'shutdown timed out; exiting');
      process.exit(1);
    }, times.timeoutMs);
    forced.unref();
    await app.close();
    await afterClose();
    clearTimeout(forced);
    app.log.info({ ms: Date.now() - started }, 'shut down');
    process.exit(0);
  }

  return (signal) => {
    running ??= shutdown(signal);
    return running;
  };
}
