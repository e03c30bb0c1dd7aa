import { crc32, deflateSync } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** IHDR: 1 bit per pixel, colour type 3 (palette), deflate, adaptive filters, not interlaced. */
const BIT_DEPTH = 1;
const COLOUR_TYPE_PALETTE = 3;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** Bytes of one scanline: its filter byte, then 8 pixels a byte, the first in the high bit. */
export const bilevelStride = (width: number) => 1 + Math.ceil(width / 8);

/**
 * A two-colour PNG (1 bit per pixel, a palette of `light` and `dark`, 6-digit
 * hex each). `scanlines` holds `height` rows of `bilevelStride(width)` bytes,
 * each a 0 filter byte ("none") and the row's bits, 1 for dark. A QR code has
 * only two colours, so this is the whole image at 1/32 of the RGBA bytes a
 * general encoder filters and compresses.
 */
export function bilevelPng(
  width: number,
  height: number,
  scanlines: Buffer,
  colours: { light: string; dark: string },
): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = BIT_DEPTH;
  header[9] = COLOUR_TYPE_PALETTE;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('PLTE', Buffer.from(colours.light + colours.dark, 'hex')),
    chunk('IDAT', deflateSync(scanlines)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
