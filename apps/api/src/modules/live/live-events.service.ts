import { showSettingsSchema } from '@taquilla/contract';
import type {
  AdminShowEventBody,
  AdminShowEventResult,
  ShowEvent,
  ShowLiveState,
} from '@taquilla/contract';
import { acceptsLiveEvents, changesPlayerState, showStatusAfterLiveEvent } from '@taquilla/domain';
import { AppError } from '../../errors.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { ownShow } from '../admin/shared/admin.access.ts';
import type { AdminContext } from '../admin/shared/admin.access.ts';
import { writeCatalogue } from '../admin/shared/admin.write.ts';
import type { AdminDeps } from '../admin/shared/admin.write.ts';
import { lockShow, updateShow } from '../admin/shared/admin-shows.repo.ts';
import { recordAudit } from '../admin/shared/audit.repo.ts';
import { toShowResponse } from '../shows/shows.mapper.ts';
import { toShowEvent } from './live-events.mapper.ts';
import { findLiveState, findPublicShowId, saveLiveState } from './live-events.repo.ts';

/** The realtime channel of a show's live events (001 §4). */
export const showEventsChannel = (showId: string) => `show-events/${showId}`;

const json = (value: unknown) => value as Prisma.InputJsonValue;

/**
 * Live control (docs/decisions/0024-live-control.md). An organiser's event is
 * stored, audited and, after the commit, published on `show-events/{show}`;
 * the ones that change what players show also become the show's live state,
 * which players that join later read first. `start` and `end` move the show's
 * status by the domain's rule, in the same transaction.
 */
export function createLiveEventsService(
  deps: AdminDeps & {
    /** Publishes to a realtime channel on every API instance. */
    publish: (channel: string, data: unknown) => Promise<void>;
  },
) {
  const { db, clock, log } = deps;

  return {
    /** POST /admin/shows/{id}/events. */
    async send(
      ctx: AdminContext,
      showId: string,
      body: AdminShowEventBody,
    ): Promise<AdminShowEventResult> {
      const sentAt = clock();
      const event = toShowEvent({ status: body.status, metadata: body.metadata, sentAt });
      const showStatus = await writeCatalogue(deps, async (tx) => {
        // Events of one show are serialised, so its live state is the last one sent.
        await lockShow(tx, showId);
        const show = await ownShow(tx, ctx, showId);
        if (!acceptsLiveEvents(show.status)) throw new AppError('LIVE_EVENT_NOT_ALLOWED');

        const previous = await findLiveState(tx, showId);
        if (changesPlayerState(body.status)) {
          await saveLiveState(tx, showId, {
            status: body.status,
            metadata: body.metadata ? json(body.metadata) : null,
            sentAt,
          });
        }
        await recordAudit(tx, ctx, {
          action: 'show.live_event',
          entityType: 'show',
          entityId: showId,
          before: previous ? json(toShowEvent(previous)) : null,
          after: json(event),
        });

        const vod = showSettingsSchema.safeParse(show.settings).data?.vod === true;
        const next = showStatusAfterLiveEvent(show.status, body.status, { vod });
        if (next !== show.status) {
          const updated = await updateShow(tx, showId, { status: next });
          await recordAudit(tx, ctx, {
            action: 'show.status',
            entityType: 'show',
            entityId: showId,
            before: json(toShowResponse(show)),
            after: json(toShowResponse(updated)),
          });
        }
        return next;
      });

      // After the commit: a player never hears of an event that was rolled back.
      let published = true;
      try {
        await deps.publish(showEventsChannel(showId), event);
      } catch (err) {
        published = false;
        log.warn({ err, showId }, 'live event stored but not published');
      }
      return { show_uid: showId, show_status: showStatus, event, published };
    },

    /** GET /shows/{id}/events/current: public for every show but drafts. */
    async current(showId: string): Promise<ShowLiveState> {
      const show = await findPublicShowId(db, showId);
      if (!show) throw new AppError('SHOW_NOT_FOUND');
      const state = await findLiveState(db, showId);
      const event: ShowEvent | null = state ? toShowEvent(state) : null;
      return { show_uid: showId, event };
    },
  };
}

export type LiveEventsService = ReturnType<typeof createLiveEventsService>;
