import type { MyTicket, ViewerShow } from '@taquilla/contract';
import type {
  Show as ShowRow,
  ViewerShow as ViewerShowRow,
} from '../../generated/prisma/client.ts';
import { toPublicShow, toViewerShowAccess } from '../shows/shows.mapper.ts';
import { toAdmission } from './activation.admission.ts';
import type { MyTicketCode } from './activation.admission.ts';

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

/**
 * Row → wire ("Mis boletos"): the access, when it was activated, whether it opens the
 * stream, what its code admits to at the door and the public show.
 */
export function toMyTicket(
  row: ViewerShowRow & { show: ShowRow; ticketCode: MyTicketCode | null },
): MyTicket {
  return {
    ...toViewerShowAccess(row),
    createdAt: row.createdAt.toISOString(),
    livestream: row.livestream,
    admission: toAdmission(row.ticketCode),
    show: toPublicShow(row.show),
  };
}
