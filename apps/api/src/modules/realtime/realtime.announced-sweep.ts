import type { RealtimeHub, RealtimeSocket } from '../../plugins/realtime-hub.ts';

/**
 * What an announcement closes on every instance, with a sweep for what this instance
 * missed (session endings, decision 0052; revoked access, decision 0064): it listens to
 * the hub's internal `channel`, and runs `sweep` every `sweepMs`. Redis may be down while
 * the instance starts: it starts anyway (readiness says so) and listens at the next
 * sweep, which closes what it missed meanwhile.
 */
export function createAnnouncedSweep(deps: {
  hub: RealtimeHub;
  channel: string;
  /** The hub hands the channel's messages to this listener as to a socket. */
  listener: RealtimeSocket;
  sweep: () => Promise<unknown>;
  sweepMs: number;
  log: { warn: (o: object, m: string) => void };
  /** Log lines: the channel not heard yet, and a failed sweep. */
  messages: { notHeard: string; sweepFailed: string };
}) {
  let timer: ReturnType<typeof setInterval> | null = null;
  let listening = false;

  async function listen(): Promise<void> {
    if (listening) return;
    try {
      await deps.hub.subscribe(deps.channel, deps.listener);
      listening = true;
    } catch (err) {
      deps.log.warn({ err }, deps.messages.notHeard);
    }
  }

  return {
    async start(): Promise<void> {
      await listen();
      timer = setInterval(() => {
        listen()
          .then(deps.sweep)
          .catch((err: unknown) => deps.log.warn({ err }, deps.messages.sweepFailed));
      }, deps.sweepMs);
      timer.unref();
    },
    stop(): void {
      if (timer) clearInterval(timer);
      timer = null;
    },
  };
}
