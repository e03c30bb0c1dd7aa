import { showEventMetadataSchema } from '@taquilla/contract';
import type { ShowEvent } from '@taquilla/contract';
import type { ShowEventStatus } from '@taquilla/domain';

/**
 * An event as players get it on `show-events/{show}` (001 §3 "Show event"),
 * from the body just sent or the stored live state (whose curtain content was
 * validated when it was written).
 */
export function toShowEvent(event: {
  status: ShowEventStatus;
  metadata: unknown;
  sentAt: Date;
}): ShowEvent {
  const metadata =
    event.metadata === null || event.metadata === undefined
      ? null
      : showEventMetadataSchema.parse(event.metadata);
  return {
    event: 'statusChange',
    data: {
      type: 'status',
      status: event.status,
      ...(metadata ? { metadata } : {}),
      created_at: event.sentAt.toISOString(),
    },
  };
}
