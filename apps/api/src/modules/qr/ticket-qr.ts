import { normalizeTicketCode } from '@taquilla/domain';
import QRCode from 'qrcode';
import type { QRCodeSegment } from 'qrcode';
import { QR_COLOR_PATTERN } from '@taquilla/contract';
import { bilevelPng, bilevelStride } from './bilevel-png.ts';

const BLACK = '000000';
const WHITE = 'ffffff';
/** Image side in pixels, and the quiet zone in modules. */
const WIDTH = 240;
const MARGIN = 4;

/**
 * A ticket code as one segment, in the mode the library's search for the best
 * split picks for it (up to 6 characters another segment's header always
 * costs more than it saves): said outright, the search is spared and the
 * symbol is the same. Anything else is left to the search.
 */
function segmentsOf(text: string): QRCodeSegment[] | string {
  if (text.length > 6 || !/^[0-9A-Z]+$/.test(text)) return text;
  return [
    /^[0-9]+$/.test(text) ? { mode: 'numeric', data: text } : { mode: 'alphanumeric', data: text },
  ];
}

/** A stored `qr_color` is free text (up to 30 characters): anything but a 6-digit hex draws black. */
export function qrColorOf(value: string | null | undefined): string {
  return value && QR_COLOR_PATTERN.test(value) ? value.replace('#', '').toLowerCase() : BLACK;
}

/**
 * The module each pixel column (and row) shows, -1 in the quiet zone: the
 * `qrcode` package's own scaling, so the image is the one its PNG renderer
 * draws, pixel for pixel.
 */
function moduleIndex(size: number): { width: number; modules: Int32Array } {
  const scale = WIDTH / (size + MARGIN * 2);
  const width = Math.floor((size + MARGIN * 2) * scale);
  const margin = MARGIN * scale;
  const modules = new Int32Array(width).fill(-1);
  for (let p = 0; p < width; p += 1) {
    if (p >= margin && p < width - margin) modules[p] = Math.floor((p - margin) / scale);
  }
  return { width, modules };
}

/**
 * The PNG of a ticket's QR code: it encodes the 6-character code alone,
 * upper-cased, so a door scanner needs no network to read it. Medium error
 * correction survives a creased or smudged printout; the 4-module quiet zone
 * is what scanners expect around the symbol. 240 pixels a side, drawn as a
 * 1-bit palette image (dark and white): a tenth of the CPU of `qrcode`'s
 * RGBA renderer and a fraction of its bytes, the same pixels.
 */
export function drawTicketQr(code: string, color?: string | null): Buffer {
  const qr = QRCode.create(segmentsOf(normalizeTicketCode(code)), { errorCorrectionLevel: 'M' });
  const { size, data } = qr.modules;
  const { width, modules } = moduleIndex(size);
  const stride = bilevelStride(width);
  const scanlines = Buffer.alloc(stride * width);
  let previous = -1;
  for (let y = 0; y < width; y += 1) {
    const row = modules[y]!;
    const at = y * stride;
    if (row < 0) continue;
    // Pixel rows of one module row are alike: copy the one drawn before.
    if (row === modules[y - 1]) {
      scanlines.copy(scanlines, at, previous, previous + stride);
      continue;
    }
    for (let x = 0; x < width; x += 1) {
      const column = modules[x]!;
      if (column >= 0 && data[row * size + column]) {
        scanlines[at + 1 + (x >> 3)]! |= 0x80 >> (x & 7);
      }
    }
    previous = at;
  }
  return bilevelPng(width, width, scanlines, { light: WHITE, dark: qrColorOf(color) });
}
