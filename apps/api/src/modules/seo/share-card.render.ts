import { createRequire } from 'node:module';
import sharp from 'sharp';
import type { OverlayOptions, Sharp } from 'sharp';
import { escapeHtml } from '../../plugins/html.ts';
// Also sets sharp's one-thread, no-cache use for the whole process (decision 0071).
import { MAX_IMAGE_PIXELS } from '../images/images.variants.ts';
import { SHARE_CARD } from './share-card.rules.ts';

const { width: WIDTH, height: HEIGHT } = SHARE_CARD;
/**
 * JPEG qualities tried in turn until the card fits SIZE_BUDGET: a photo's card is
 * 50–200 KB at the first, the plain card 15–90 KB; only a picture as busy as noise
 * needs the lower ones.
 */
const JPEG_QUALITIES = [80, 65, 50, 35];
/** Under every network's limit by far, and quick to fetch for a crawler on a phone's network. */
const SIZE_BUDGET = 300 * 1024;
/** Behind a picture with transparency (a PNG logo), and the plain card's ground. */
const GROUND = '#0e1014';
const ACCENT = '#df2b55';
const MARGIN = 80;

/**
 * The card's font, shipped with the API (Inter, SIL Open Font License, from the
 * `@expo-google-fonts/inter` package's TTF files) and handed to libvips by file: the
 * card reads the same on this machine, in the slim container image (which has no
 * fonts of its own) and anywhere else. A glyph Inter lacks comes from the system's
 * fonts where there are any (fontconfig's fallback), else it is drawn as a box.
 */
const FONTS = {
  bold: 'Inter Bold',
  regular: 'Inter',
} as const;
let fontFiles: Record<keyof typeof FONTS, string> | undefined;
function fontFileOf(weight: keyof typeof FONTS): string {
  if (!fontFiles) {
    const resolve = createRequire(import.meta.url).resolve;
    fontFiles = {
      bold: resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf'),
      regular: resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf'),
    };
  }
  return fontFiles[weight];
}

/** Text on one line: control characters (which markup refuses) and runs of spaces as one space. */
function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\s\u0000-\u001f\u007f-\u009f]+/g, ' ').trim();
}

/**
 * Text as Pango markup reads it: `&`, `<`, `>` and quotes as references, so a
 * producer's `<script>` or `</span>` stays text (unescaped it would be markup, or an
 * error that leaves the show without a card).
 */
export function markupText(text: string): string {
  return escapeHtml(oneLine(text));
}

interface TextBlock {
  text: string;
  weight: keyof typeof FONTS;
  /** In pixels. */
  size: number;
  colour: string;
  /** The most it may take; longer text is drawn smaller until it fits. */
  maxHeight: number;
}

/** A block of text, wrapped at the card's text width, as a transparent picture. */
async function textLayer(block: TextBlock): Promise<{ input: Buffer; height: number }> {
  const width = WIDTH - 2 * MARGIN;
  const text = {
    text: `<span foreground="${block.colour}">${markupText(block.text)}</span>`,
    font: `${FONTS[block.weight]} ${block.size}`,
    fontfile: fontFileOf(block.weight),
    width,
    dpi: 72,
    wrap: 'word-char' as const,
    rgba: true,
  };
  let layer = await sharp({ text }).png().toBuffer({ resolveWithObject: true });
  // Too long at its size: libvips picks the size that fills the box (never larger).
  if (layer.info.height > block.maxHeight) {
    const { dpi: _fixed, ...fitted } = text;
    layer = await sharp({ text: { ...fitted, height: block.maxHeight } })
      .png()
      .toBuffer({ resolveWithObject: true });
  }
  return { input: layer.data, height: layer.info.height };
}

/** The plain card's ground: the site's dark colours, its ticket mark and an accent bar. */
function groundSvg(): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#171a21"/><stop offset="1" stop-color="${GROUND}"/></linearGradient></defs>
<rect width="${WIDTH}" height="${HEIGHT}" fill="url(#g)"/>
<circle cx="1080" cy="90" r="260" fill="${ACCENT}" opacity="0.10"/>
<circle cx="1150" cy="560" r="170" fill="#7c4dff" opacity="0.08"/>
<g transform="translate(${MARGIN} 64) scale(1.75)">
<rect width="32" height="32" rx="7" fill="#e6335a"/>
<path d="M9 10h14v3.2a2.8 2.8 0 0 0 0 5.6V22H9v-3.2a2.8 2.8 0 0 0 0-5.6z" fill="#fff"/></g>
<rect y="${HEIGHT - 12}" width="${WIDTH}" height="12" fill="${ACCENT}"/>
</svg>`);
}

/** The plain card: the site's mark, the show's name, and for an event its date and place. */
async function plainCard(text: { name: string; date: string | null; place: string | null }) {
  // Below the mark and above the bar, the name and its lines are centred as one block.
  const [top, bottom] = [160, HEIGHT - 12 - 48];
  const [nameGap, lineGap] = [28, 12];
  const brand = await textLayer({
    text: 'Taquilla',
    weight: 'bold',
    size: 36,
    colour: '#f3f4f6',
    maxHeight: 56,
  });
  const lines = [
    text.date && { text: text.date, weight: 'bold', size: 32, colour: '#ff8aa5' },
    text.place && { text: text.place, weight: 'regular', size: 30, colour: '#a3a9b6' },
  ].filter((line): line is Omit<TextBlock, 'maxHeight'> => !!line);
  const details = await Promise.all(lines.map((line) => textLayer({ ...line, maxHeight: 84 })));
  const detailsHeight =
    details.reduce((sum, layer) => sum + layer.height, 0) +
    (details.length ? nameGap + lineGap * (details.length - 1) : 0);
  const name = await textLayer({
    text: oneLine(text.name) || 'Taquilla',
    weight: 'bold',
    // A channel's or a producer's page has only its name: larger.
    size: details.length ? 72 : 88,
    colour: '#ffffff',
    maxHeight: bottom - top - detailsHeight,
  });
  let y = top + Math.max(0, Math.round((bottom - top - name.height - detailsHeight) / 2));
  const overlays: OverlayOptions[] = [
    { input: brand.input, left: MARGIN + 56 + 20, top: 64 + Math.round((56 - brand.height) / 2) },
    { input: name.input, left: MARGIN, top: y },
  ];
  y += name.height + nameGap;
  for (const detail of details) {
    overlays.push({ input: detail.input, left: MARGIN, top: y });
    y += detail.height + lineGap;
  }
  return sharp(groundSvg()).composite(overlays);
}

/** Density that rasterises an SVG at least as large as the card (its own size is at 72 dpi). */
async function svgDensity(svg: Buffer): Promise<number> {
  const meta = await sharp(svg, { density: 72 }).metadata();
  const scale = Math.max(WIDTH / (meta.width || WIDTH), HEIGHT / (meta.height || HEIGHT));
  // A tiny viewBox would ask for an enormous density; past 16× nothing gets sharper.
  return Math.min(72 * Math.max(scale, 1), 72 * 16);
}

/**
 * Makes a share card (decision 0073), 1200 × 630 JPEG without metadata:
 * - from a picture (JPEG, PNG, WebP, GIF's first frame, or an SVG rasterised by
 *   librsvg), turned upright and fitted by cover (the middle kept, the edges cut);
 * - without one, the plain card with the show's name and, for an event, its date and
 *   place, written with the shipped font (text escaped: see `markupText`).
 * Throws when the picture does not decode; the caller decides what to answer.
 */
export async function renderShareCard(
  input:
    | { picture: Buffer; isSvg: boolean }
    | { picture: null; name: string; date: string | null; place: string | null },
): Promise<Buffer> {
  let image: Sharp;
  if (input.picture) {
    const options = input.isSvg
      ? { density: await svgDensity(input.picture) }
      : { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' as const };
    image = sharp(input.picture, options)
      .rotate()
      .resize({ width: WIDTH, height: HEIGHT, fit: 'cover', position: 'centre' });
  } else {
    image = await plainCard(input);
  }
  const { data, info } = await image
    .flatten({ background: GROUND })
    .raw()
    .toBuffer({ resolveWithObject: true });
  const pixels = { raw: { width: info.width, height: info.height, channels: info.channels } };
  let card = Buffer.alloc(0);
  for (const quality of JPEG_QUALITIES) {
    card = await sharp(data, pixels)
      .removeAlpha()
      .jpeg({ quality, chromaSubsampling: '4:2:0' })
      .toBuffer();
    if (card.length <= SIZE_BUDGET) break;
  }
  return card;
}
