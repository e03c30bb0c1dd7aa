import { showSettingsSchema } from '@taquilla/contract';
import type { Show, ViewerShowAccess } from '@taquilla/contract';
import type { Show as ShowRow, ViewerShow } from '../../generated/prisma/client.ts';

/** Row → wire: the specifications' field names; rows never leak to HTTP. */
export function toShowResponse(row: ShowRow): Show {
  return {
    _id: row.id,
    fullname: row.fullname,
    subtitle: row.subtitle,
    description: row.description,
    description2: row.description2,
    important_info: row.importantInfo,
    main_image: row.mainImage,
    show_date: row.showDate.toISOString(),
    timezone: row.timezone,
    country: row.country,
    venue: row.venue,
    venue_address: row.venueAddress,
    type: row.type,
    status: row.status,
    paid: row.paid,
    parent_show_uid: row.parentShowId,
    producer: row.producerId,
    tags: row.tags,
    genre: row.genre,
    icon: row.icon,
    video_url: row.videoUrl,
    path: row.path,
    billboard: row.billboard,
    visible: row.visible,
    settings: showSettingsSchema.parse(row.settings ?? {}),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A viewer's access to a show as a channel child reports it (001 §3 viewer-show). */
export function toViewerShowAccess(row: ViewerShow): ViewerShowAccess {
  return {
    _id: row.id,
    ticket: { fullname: row.ticketFullname },
    payment_info: {
      request_code: row.requestCode,
      code: row.code,
      expires_on: row.expiresOn?.toISOString() ?? null,
    },
  };
}
