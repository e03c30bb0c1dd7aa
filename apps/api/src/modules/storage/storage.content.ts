import { AppError } from '../../errors.ts';

export type AcceptedImageType = 'image/jpeg' | 'image/png';

const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** How many leading bytes `imageTypeOf` needs to judge a file. */
export const MAGIC_BYTES = PNG_MAGIC.length;

/**
 * JPG or PNG by content, never by name or declared type (ARCHITECTURE §7):
 * a PDF renamed photo.png is not an image.
 */
export function imageTypeOf(start: Buffer): AcceptedImageType | null {
  if (start.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return 'image/jpeg';
  if (start.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return 'image/png';
  return null;
}

export type ShowImageType = AcceptedImageType | 'image/webp';

/** The extension a show image is stored under, by its type. */
export const SHOW_IMAGE_EXTENSIONS: Readonly<Record<ShowImageType, string>> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
};

/**
 * JPG, PNG or WebP by content (show images; proofs stay JPG or PNG). A WebP file
 * is a RIFF container whose form type is `WEBP`: bytes 0–3 and 8–11.
 */
export function showImageTypeOf(start: Buffer): ShowImageType | null {
  const known = imageTypeOf(start);
  if (known) return known;
  const isWebp =
    start.length >= 12 &&
    start.subarray(0, 4).toString('latin1') === 'RIFF' &&
    start.subarray(8, 12).toString('latin1') === 'WEBP';
  return isWebp ? 'image/webp' : null;
}

/** "5 MB" for 5 MiB; below one MiB, in KB (a test's tiny limit still reads sensibly). */
export function formatMaxSize(bytes: number): string {
  const mib = bytes / (1024 * 1024);
  if (mib >= 1) return `${Number.isInteger(mib) ? mib : Math.floor(mib * 10) / 10} MB`;
  return `${Math.max(1, Math.floor(bytes / 1024))} KB`;
}

/** UPLOAD_TOO_LARGE naming the configured limit (UPLOAD_MAX_BYTES). */
export function uploadTooLarge(maxBytes: number): AppError {
  return new AppError('UPLOAD_TOO_LARGE', {
    message: `El archivo es demasiado grande: el máximo es ${formatMaxSize(maxBytes)}`,
  });
}
