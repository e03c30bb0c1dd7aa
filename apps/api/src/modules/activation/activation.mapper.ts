import type { MyTicket, ViewerShow } from '@taquilla/contract';
import type {
  Show as ShowRow,
  ViewerShow as ViewerShowRow,
} from '../../generated/prisma/client.ts';
import { toPublicShow, toViewerShowAccess } from '../shows/shows.mapper.ts';

/** Row → wire (001 §3 viewer-show): the channel's access shape plus its show and options. */
export function toViewerShow(row: ViewerShowRow): ViewerShow {
  return {
    ...toViewerShowAccess(row),
    show_uid: row.showId,
    livestream: row.livestream,
    replay: row.replay,
    meetngreet: row.meetngreet,
  };
}

/** Row → wire ("Mis boletos"): the access, when it was activated and the public show. */
export function toMyTicket(row: ViewerShowRow & { show: ShowRow }): MyTicket {
  return {
    ...toViewerShowAccess(row),
    createdAt: row.createdAt.toISOString(),
    show: toPublicShow(row.show),
  };
}
