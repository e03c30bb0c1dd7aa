import type { Show } from '@taquilla/contract';
import { playerStageImage } from '@taquilla/domain';
import { ContentImage, WIDE_BOX } from '../../../components/content-image';

/**
 * The show's picture filling the stage (decision 0075): while the player asks for access,
 * and under the video until its first frame, instead of a dark box. Decorative: the
 * stage's own label and the page's title name the show. The server asks for the same
 * copy with the page's first code (`playerStageImage`), so it is there at once.
 */
export function StagePicture({ show }: { show: Pick<Show, 'main_image' | 'settings'> | null }) {
  const image = show ? playerStageImage(show) : null;
  if (!image) return null;
  return (
    <div className="stage-picture" aria-hidden="true">
      <ContentImage
        className="stage-picture__image"
        src={image.src}
        alt=""
        box={WIDE_BOX}
        sizes={image.sizes}
        priority
      />
    </div>
  );
}
