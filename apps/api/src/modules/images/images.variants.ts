import { SHOW_IMAGE_WIDTHS } from '@taquilla/contract';
import type { ShowImageWidth } from '@taquilla/contract';
import sharp from 'sharp';
import type { Metadata, OutputInfo } from 'sharp';
import { AppError } from '../../errors.ts';

// One libvips thread per image and no cache of decoded files: on a two-core API an
// upload never takes both cores from buyers, and memory goes back once it is done.
sharp.concurrency(1);
sharp.cache(false);

/**
 * The largest picture decoded, in pixels (a 48-megapixel phone photo passes). A
 * file of a few megabytes can claim a huge canvas; it is refused before it is decoded.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

/** WebP at this quality: photos at a fraction of a JPEG's bytes, no visible loss on a phone. */
const WEBP_QUALITY = 78;

export interface ShowImageVariant {
  width: ShowImageWidth;
  body: Buffer;
}

export interface ShowImageVariants {
  /** The original's size, upright (EXIF orientation applied), in pixels. */
  width: number;
  height: number;
  /** One WebP per SHOW_IMAGE_WIDTHS, narrowest first. */
  variants: ShowImageVariant[];
}

function unreadable(): AppError {
  return new AppError('SHOW_IMAGE_INVALID_TYPE');
}

function tooManyPixels(): AppError {
  return new AppError('UPLOAD_TOO_LARGE', {
    message: `La imagen es demasiado grande: el máximo es ${MAX_IMAGE_PIXELS / 1_000_000} megapíxeles`,
  });
}

/**
 * The WebP copies of a show image (decision 0071), from its bytes: each
 * SHOW_IMAGE_WIDTHS wide or the original's width if narrower (never enlarged),
 * turned upright, without the file's metadata (a phone photo's location stays out
 * of the copies). The original is decoded once, into the widest copy's pixels;
 * the narrower ones are made from those. An animated file gives its first frame.
 * A file that only looks like an image (its first bytes) is SHOW_IMAGE_INVALID_TYPE.
 */
export async function makeShowImageVariants(
  body: Buffer,
  widths: readonly ShowImageWidth[] = SHOW_IMAGE_WIDTHS,
): Promise<ShowImageVariants> {
  const input = () => sharp(body, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' });
  let meta: Metadata;
  try {
    // The header alone: its size is judged here, so a huge one gets its own answer.
    meta = await sharp(body, { limitInputPixels: false }).metadata();
  } catch {
    throw unreadable();
  }
  if (!meta.width || !meta.height) throw unreadable();
  if (meta.width * meta.height > MAX_IMAGE_PIXELS) throw tooManyPixels();
  const upright = (meta.orientation ?? 1) >= 5;
  const width = upright ? meta.height : meta.width;
  const height = upright ? meta.width : meta.height;

  const widest = Math.min(width, Math.max(...widths));
  let base: { data: Buffer; info: OutputInfo };
  try {
    base = await input()
      .rotate()
      .resize({ width: widest, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw unreadable();
  }
  const raw = {
    raw: { width: base.info.width, height: base.info.height, channels: base.info.channels },
  };
  const variants: ShowImageVariant[] = [];
  for (const target of [...widths].sort((a, b) => a - b)) {
    const copy = await sharp(base.data, raw)
      .resize({ width: Math.min(target, base.info.width), withoutEnlargement: true })
      .webp({ quality: WEBP_QUALITY })
      .toBuffer();
    variants.push({ width: target, body: copy });
  }
  return { width, height, variants };
}
