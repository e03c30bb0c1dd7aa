import type { ShowChannel, ShowStatus, Ticket } from '@taquilla/contract';
import { AppError } from '../../errors.ts';
import type { Db } from '../../infra/db.ts';
import { toPublicShow, toViewerShowAccess } from './shows.mapper.ts';
import { findChildShows, findShowByIdOrPath, findViewerShows } from './shows.repo.ts';
import type { Show as ShowRow } from '../../generated/prisma/client.ts';
import { NEVER_PUBLIC } from './shows.service.ts';

/**
 * Children a channel answers: every public status the channel pages list
 * (001 §2: generic, series, artist and podcast variants), not drafts (NEW) and
 * not shows that are over (CLOSED, CANCELLED). Each page narrows further itself.
 */
export const CHANNEL_CHILD_STATUSES: ShowStatus[] = [
  'ACTIVE',
  'SOON',
  'LIVE',
  'REPLAY',
  'STARTED',
  'TEST',
  'HIDDEN',
];
const CHILDREN_LIMIT = 500;

export interface ShowChannelRequest {
  idOrPath: string;
  /** `?viewer=`: whose access to report; null reports none. */
  viewerId: string | null;
  /** The caller's own viewer id from the session; null when anonymous. */
  callerViewerId: string | null;
}

/**
 * The children's tickets as the catalogue answers them (the tickets module's
 * `loadTicketsForShows`, given by the app: tickets read shows, not the other way).
 */
export type TicketsOfShows = (
  shows: Pick<ShowRow, 'id' | 'parentShowId' | 'settings'>[],
  now: Date,
) => Promise<Map<string, Ticket[]>>;

export function createShowChannelsService(deps: {
  db: Db;
  clock: () => Date;
  ticketsOf: TicketsOfShows;
}) {
  return {
    /** GET /shows/showChannels/{id}?viewer=: the show with its children, tickets and access. */
    async getShowChannel(request: ShowChannelRequest): Promise<ShowChannel> {
      // Checked before anything is read: another viewer's id learns nothing, not even
      // whether the show exists.
      if (request.viewerId !== null && request.viewerId !== request.callerViewerId) {
        throw new AppError('FORBIDDEN');
      }
      const show = await findShowByIdOrPath(deps.db, request.idOrPath);
      if (!show || show.status === NEVER_PUBLIC) throw new AppError('SHOW_NOT_FOUND');
      const children = await findChildShows(
        deps.db,
        show.id,
        CHANNEL_CHILD_STATUSES,
        CHILDREN_LIMIT,
      );
      const childIds = children.map((child) => child.id);
      const [ticketsByShow, access] = await Promise.all([
        deps.ticketsOf(children, deps.clock()),
        request.viewerId ? findViewerShows(deps.db, request.viewerId, childIds) : [],
      ]);
      const accessByShow = new Map(access.map((row) => [row.showId, row]));
      return {
        ...toPublicShow(show),
        children: children.map((child) => {
          const viewerShow = accessByShow.get(child.id);
          return {
            show: toPublicShow(child),
            access: viewerShow ? toViewerShowAccess(viewerShow) : null,
            tickets: ticketsByShow.get(child.id) ?? [],
          };
        }),
      };
    },
  };
}

export type ShowChannelsService = ReturnType<typeof createShowChannelsService>;
