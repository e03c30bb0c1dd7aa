import {
  LIVE_WEBHOOK_TOLERANCE_SECONDS,
  mediamtxWebhookBodySchema,
  owncastStreamEventDataSchema,
  owncastWebhookBodySchema,
  owncastWebhookQuerySchema,
} from '@taquilla/contract';
import type { LiveWebhookResult } from '@taquilla/contract';
import type { Redis } from 'ioredis';
import type { z } from 'zod';
import { AppError } from '../../errors.ts';
import type { LiveChannelsService } from './live-channels.service.ts';
import { mediamtxSignature, owncastSignature, sameSignature } from './live-webhooks.signature.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const OWNCAST_STREAM_EVENTS = { STREAM_STARTED: 'active', STREAM_STOPPED: 'idle' } as const;

/** A value checked by its schema: a 422 naming the fields (under `prefix`) otherwise. */
function validate<S extends z.ZodType>(
  schema: S,
  value: unknown,
  prefix: string[] = [],
): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) {
    throw new AppError('VALIDATION_ERROR', {
      fields: result.error.issues.map((issue) => ({
        field: [...prefix, ...issue.path.map(String)].join('.') || '(cuerpo)',
        message: issue.message,
      })),
    });
  }
  return result.data;
}

/** The body as JSON, checked by its schema. */
function parseBody<S extends z.ZodType>(schema: S, raw: Buffer): z.infer<S> {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('VALIDATION_ERROR', {
      fields: [{ field: '(cuerpo)', message: 'El cuerpo no es JSON válido' }],
    });
  }
  return validate(schema, value);
}

/**
 * Media servers report a stream that starts or stops (decision 0024). Each
 * call proves it knows LIVE_WEBHOOK_SECRET, is recent (within five minutes of
 * the server's clock) and new (the same call is refused a second time, by a
 * key kept in Redis for the whole window on every instance).
 */
export function createLiveWebhooks(deps: {
  secret: string;
  redis: Pick<Redis, 'set'>;
  namespace: string;
  clock: () => Date;
  channels: Pick<LiveChannelsService, 'setFromMediaServer'>;
}) {
  const isRecent = (atMs: number) =>
    Number.isFinite(atMs) &&
    Math.abs(deps.clock().getTime() - atMs) <= LIVE_WEBHOOK_TOLERANCE_SECONDS * 1000;

  /** True the first time a call is seen; the key outlives the window in which it could pass. */
  async function isFirstDelivery(key: string): Promise<boolean> {
    const stored = await deps.redis.set(
      `${deps.namespace}:live-webhook:${key}`,
      '1',
      'EX',
      LIVE_WEBHOOK_TOLERANCE_SECONDS * 2,
      'NX',
    );
    return stored === 'OK';
  }

  return {
    /** POST /live/webhooks/mediamtx, from runOnReady / runOnNotReady. */
    async mediamtx(
      raw: Buffer,
      headers: { timestamp: string | undefined; signature: string | undefined },
      ip: string | null,
    ): Promise<LiveWebhookResult> {
      const timestamp = headers.timestamp ?? '';
      const given = /^sha256=([0-9a-f]{64})$/.exec(headers.signature ?? '')?.[1];
      if (!/^\d{1,12}$/.test(timestamp) || !given) throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      if (!sameSignature(mediamtxSignature(deps.secret, timestamp, raw), given)) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      if (!isRecent(Number(timestamp) * 1000) || !(await isFirstDelivery(`mediamtx:${given}`))) {
        throw new AppError('WEBHOOK_REPLAYED');
      }
      const body = parseBody(mediamtxWebhookBodySchema, raw);
      const channelId = body.path.split('/').filter(Boolean).pop() ?? '';
      if (!UUID.test(channelId)) throw new AppError('LIVE_CHANNEL_NOT_FOUND');
      const ready = body.event === 'ready';
      const channel = await deps.channels.setFromMediaServer(
        { provider: 'mediamtx', ip },
        channelId.toLowerCase(),
        { status: ready ? 'active' : 'idle', currentEvent: ready ? body.path : null },
      );
      return { received: true, channel };
    },

    /** POST /live/webhooks/owncast?channel=&signature=, from Owncast's webhooks. */
    async owncast(raw: Buffer, query: unknown, ip: string | null): Promise<LiveWebhookResult> {
      const signed = owncastWebhookQuerySchema.safeParse(query);
      if (
        !signed.success ||
        !sameSignature(owncastSignature(deps.secret, signed.data.channel), signed.data.signature)
      ) {
        throw new AppError('WEBHOOK_SIGNATURE_INVALID');
      }
      const channelId = signed.data.channel.toLowerCase();
      const body = parseBody(owncastWebhookBodySchema, raw);
      const status = Object.hasOwn(OWNCAST_STREAM_EVENTS, body.type)
        ? OWNCAST_STREAM_EVENTS[body.type as keyof typeof OWNCAST_STREAM_EVENTS]
        : null;
      // Chat and other events the operator may have ticked: acknowledged, nothing to do.
      if (status === null) return { received: true, channel: null };
      const data = validate(owncastStreamEventDataSchema, body.eventData, ['eventData']);
      if (!isRecent(Date.parse(data.timestamp))) throw new AppError('WEBHOOK_REPLAYED');
      if (!(await isFirstDelivery(`owncast:${channelId}:${data.id}`))) {
        throw new AppError('WEBHOOK_REPLAYED');
      }
      const title = data.streamTitle?.trim() || null;
      const channel = await deps.channels.setFromMediaServer(
        { provider: 'owncast', ip },
        channelId,
        {
          status,
          currentEvent: status === 'active' ? (title ?? `owncast:${data.id}`) : null,
        },
      );
      return { received: true, channel };
    },
  };
}

export type LiveWebhooks = ReturnType<typeof createLiveWebhooks>;
