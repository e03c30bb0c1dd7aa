import sharp from 'sharp';

/**
 * A real picture of `width` × `height` in the given format, small on disk (two flat
 * colours): uploads are decoded now (decision 0071), so a test sends bytes a browser
 * could show, not just the right first bytes. `orientation` writes an EXIF
 * orientation tag (6: the camera was turned a quarter; shown upright it is
 * `height` × `width`).
 */
export async function pictureOf(
  format: 'png' | 'jpeg' | 'webp',
  width: number,
  height: number,
  options: { orientation?: number } = {},
): Promise<Buffer> {
  const half = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect width="${width}" height="${height}" fill="#1e1b4b"/>` +
      `<rect width="${Math.ceil(width / 2)}" height="${height}" fill="#e23b5a"/></svg>`,
  );
  let image = sharp(half).toFormat(format);
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

/** A stored picture's format and size in pixels, as sharp reads it. */
export async function pictureSize(
  body: Buffer,
): Promise<{ format: string | undefined; width: number | undefined; height: number | undefined }> {
  const meta = await sharp(body).metadata();
  return { format: meta.format, width: meta.width, height: meta.height };
}
