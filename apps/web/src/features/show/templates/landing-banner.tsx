import { BANNER_IMAGE_SIZES } from '@taquilla/domain';
import { ContentImage } from '../../../components/content-image';
import type { ImageBox } from '../../../components/content-image';

/** A header across the page is drawn 3:1 on a wide screen and square on a phone (landing.css). */
const WIDE_BANNER: ImageBox = { width: 1440, height: 480 };
const NARROW_BANNER: ImageBox = { width: 720, height: 720 };

/**
 * The header image across the top of an artist channel or a seminar (002 §2.8):
 * `narrow` (the phone version) under 900 px when there is one, `wide` above. It is
 * the page's first and largest picture, so it is asked for first.
 */
export function LandingBanner({ wide, narrow }: { wide: string; narrow?: string | null }) {
  const isArtDirected = Boolean(narrow && narrow !== wide);
  return (
    <div className={`landing-banner${isArtDirected ? ' landing-banner--narrow' : ''}`}>
      <ContentImage
        src={wide}
        alt=""
        box={WIDE_BANNER}
        narrow={isArtDirected && narrow ? { src: narrow, box: NARROW_BANNER } : null}
        sizes={BANNER_IMAGE_SIZES}
        priority
      />
    </div>
  );
}
