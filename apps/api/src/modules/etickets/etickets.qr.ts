import { normalizeTicketCode } from '@taquilla/domain';
import QRCode from 'qrcode';
import { QR_COLOR_PATTERN } from '@taquilla/contract';

const BLACK = '000000';

/** A stored `qr_color` is free text (up to 30 characters): anything but a 6-digit hex draws black. */
export function qrColorOf(value: string | null | undefined): string {
  return value && QR_COLOR_PATTERN.test(value) ? value.replace('#', '').toLowerCase() : BLACK;
}

/**
 * The PNG of a ticket's QR code: it encodes the 6-character code alone,
 * upper-cased, so a door scanner needs no network to read it. Medium error
 * correction survives a creased or smudged printout; the 4-module quiet zone
 * is what scanners expect around the symbol.
 */
export function drawTicketQr(code: string, color?: string | null): Promise<Buffer> {
  return QRCode.toBuffer(normalizeTicketCode(code), {
    type: 'png',
    errorCorrectionLevel: 'M',
    margin: 4,
    width: 240,
    color: { dark: `#${qrColorOf(color)}ff`, light: '#ffffffff' },
  });
}
