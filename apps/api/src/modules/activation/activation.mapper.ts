import type { ViewerShow } from '@taquilla/contract';
import type { ViewerShow as ViewerShowRow } from '../../generated/prisma/client.ts';
import { toViewerShowAccess } from '../shows/shows.mapper.ts';

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
