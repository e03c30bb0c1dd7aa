import { showSettingsSchema } from '@taquilla/contract';
import type {
  AdminShow,
  PublicShowSettings,
  Show,
  ShowSettings,
  ViewerShowAccess,
} from '@taquilla/contract';
import { hasShowPassword } from '@taquilla/domain';
import type { Show as ShowRow, ViewerShow } from '../../generated/prisma/client.ts';

const isSource = (value: string | null | undefined): value is string =>
  typeof value === 'string' && value.trim() !== '';

/** Whether the show has anything to play: its own video, a language version or a playlist video. */
export function hasVideo(videoUrl: string | null, settings: ShowSettings): boolean {
  return (
    isSource(videoUrl) ||
    isSource(settings.video_url_es) ||
    isSource(settings.video_url_en) ||
    (settings.playlist ?? []).some((item) => isSource(item.video_url))
  );
}

/**
 * Settings without the video sources and the password: the public answer is
 * cached and served to anyone (docs/decisions/0022-watch-access.md).
 */
function toPublicSettings(settings: ShowSettings): PublicShowSettings {
  const { video_url_es: _es, video_url_en: _en, playlist, security: _password, ...rest } = settings;
  return {
    ...rest,
    ...(hasShowPassword(settings) ? { security: true } : {}),
    ...(playlist
      ? {
          playlist: playlist.map(({ video_url, ...item }) => ({
            ...item,
            has_video: isSource(video_url),
          })),
        }
      : {}),
  };
}

/** Row → the public wire shape (catalogue, channels): never a video source. */
export function toPublicShow(row: ShowRow): Show {
  const show = toShowResponse(row);
  return { ...show, video_url: null, settings: toPublicSettings(show.settings) };
}

/** Row → wire as organisers see it, sources included; rows never leak to HTTP. */
export function toShowResponse(row: ShowRow): AdminShow {
  const settings = showSettingsSchema.parse(row.settings ?? {});
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
    has_video: hasVideo(row.videoUrl, settings),
    path: row.path,
    billboard: row.billboard,
    visible: row.visible,
    settings,
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
