import { landingTemplateOf } from './landing.ts';
import type { LandingTemplate } from './landing.ts';

/**
 * A show page's first and largest picture (its LCP) and how wide it is drawn, in one
 * place for the page that draws it and for the server that asks the browser to fetch it
 * while the page's code still loads (decision 0074). Change a template's picture or its
 * `sizes` here, or the server's early fetch and the page's own would stop matching and
 * a phone would download the picture twice.
 */

/** A show's image beside its text (the show page, the landing and event heroes). */
export const HERO_IMAGE_SIZES = '(max-width: 899px) 100vw, 640px';
/** A header across the page (artist channels, seminars): 3:1 wide, square on a phone. */
export const BANNER_IMAGE_SIZES = '(max-width: 1279px) 100vw, 1200px';
/** A film's poster (2:3). */
export const POSTER_IMAGE_SIZES = '(max-width: 899px) 320px, 340px';
/** Under this width a banner's phone version (art direction) is drawn. */
export const NARROW_IMAGE_MEDIA = '(max-width: 899px)';

export interface PageHeroImage {
  src: string;
  sizes: string;
  /** The picture drawn under 900 px instead (a banner's phone version); null: none. */
  narrow: string | null;
}

type HeroShow = {
  main_image: string | null;
  settings: {
    landing?: { template?: unknown } | null;
    channel_image?: string | null;
    channel_image_mobile?: string | null;
    poster_image?: string | null;
  };
};

/** A film's poster: its credit's poster, else the show's own image. */
export function filmPoster(film: Pick<HeroShow, 'main_image' | 'settings'>): string | null {
  return film.settings.poster_image?.trim() || film.main_image;
}

/** A phone version only when it is another picture (a banner's art direction). */
const otherThan = (src: string, narrow: string | null | undefined) =>
  narrow && narrow !== src ? narrow : null;

/** An artist's header: the desktop image, the phone one under 900 px (002 §2.8). */
export function artistBannerImage(show: Pick<HeroShow, 'settings'>): PageHeroImage | null {
  const { channel_image: desktop, channel_image_mobile: mobile } = show.settings;
  const src = desktop ?? mobile;
  if (!src) return null;
  return { src, sizes: BANNER_IMAGE_SIZES, narrow: otherThan(src, desktop ? mobile : null) };
}

/** A seminar's header: as the artist's, falling back to the show's own image. */
export function seminarBannerImage(show: HeroShow): PageHeroImage | null {
  const { channel_image: wide, channel_image_mobile: narrow } = show.settings;
  const src = wide || narrow || show.main_image;
  if (!src) return null;
  return { src, sizes: BANNER_IMAGE_SIZES, narrow: otherThan(src, wide ? narrow : null) };
}

/** The picture a template draws first, large and asked for at once; null: none. */
export function pageHeroImage(show: HeroShow): PageHeroImage | null {
  const template: LandingTemplate = landingTemplateOf(show.settings);
  if (template === 'artist') return artistBannerImage(show);
  if (template === 'seminar') return seminarBannerImage(show);
  if (template === 'film') {
    const poster = filmPoster(show);
    return poster ? { src: poster, sizes: POSTER_IMAGE_SIZES, narrow: null } : null;
  }
  return show.main_image ? { src: show.main_image, sizes: HERO_IMAGE_SIZES, narrow: null } : null;
}

/**
 * The player's stage (16:9): the whole width on a phone, the main column beside the chat
 * from 900 px (at most the 1,400 px body less the side column).
 */
export const PLAYER_STAGE_SIZES = '(max-width: 899px) 100vw, 920px';

/**
 * The picture the player draws in its stage until the video shows a frame (decision 0075):
 * the show's own image, else a film's poster; null: the stage stays dark. It is the
 * player's largest paint, so the server asks for it with the page's first code.
 */
export function playerStageImage(
  show: Pick<HeroShow, 'main_image' | 'settings'>,
): PageHeroImage | null {
  const src = show.main_image || show.settings.poster_image?.trim() || null;
  return src ? { src, sizes: PLAYER_STAGE_SIZES, narrow: null } : null;
}
