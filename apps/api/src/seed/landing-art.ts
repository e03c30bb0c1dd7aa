import { createHash } from 'node:crypto';

/**
 * Placeholder art for the demo landing pages, in the style of the other demo
 * images (apps/web/public/images/demo): a diagonal gradient from the same eight
 * pairs, two soft circles and two mountain ridges; a portrait adds a silhouette.
 * Colours and positions follow from the file name, so regenerating changes nothing.
 */
const GRADIENTS = [
  ['#10b981', '#064e3b'],
  ['#f97316', '#431407'],
  ['#3b82f6', '#1e1b4b'],
  ['#8b5cf6', '#2e1065'],
  ['#ec4899', '#500724'],
  ['#f59e0b', '#7c2d12'],
  ['#14b8a6', '#134e4a'],
  ['#e23b5a', '#2b1055'],
] as const;

export type ArtKind = 'scene' | 'portrait';

export interface ArtSpec {
  /** File name without `.svg` (the name demoImage() takes). */
  name: string;
  /** The image's accessible name: what it shows. */
  label: string;
  width: number;
  height: number;
  kind: ArtKind;
}

/** The mountain ridges of the 960 × 540 originals, as [x, y] points. */
const RIDGES = [
  [0, 470, 180, 360, 300, 430, 480, 300, 640, 420, 780, 340, 960, 440, 960, 540, 0, 540],
  [0, 540, 0, 430, 220, 250, 300, 300, 380, 210, 470, 320, 620, 380, 960, 300, 960, 540],
];

function ridge(points: number[], width: number, height: number): string {
  const sx = width / 960;
  const sy = height / 540;
  const pairs: string[] = [];
  for (let i = 0; i < points.length; i += 2) {
    const x = Math.round((points[i] as number) * sx);
    const y = Math.round((points[i + 1] as number) * sy);
    pairs.push(`${i === 0 ? 'M' : 'L'}${x} ${y}`);
  }
  return `${pairs.join(' ')} Z`;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

export function demoArtSvg(spec: ArtSpec): string {
  const digest = createHash('sha256').update(spec.name).digest();
  const [from, to] = GRADIENTS[(digest[0] as number) % GRADIENTS.length] as readonly [
    string,
    string,
  ];
  const { width: w, height: h } = spec;
  const r = Math.round(Math.min(w, h) * 0.4);
  const cx = Math.round(w * (0.62 + ((digest[1] as number) / 255) * 0.32));
  const cy = Math.round(h * (0.22 + ((digest[2] as number) / 255) * 0.36));
  const silhouette =
    spec.kind === 'portrait'
      ? `<circle cx="${w / 2}" cy="${Math.round(h * 0.4)}" r="${Math.round(w * 0.17)}" fill="#fff" opacity="0.82"/>` +
        `<path d="M${Math.round(w * 0.16)} ${h} C${Math.round(w * 0.16)} ${Math.round(h * 0.66)} ${Math.round(w * 0.84)} ${Math.round(h * 0.66)} ${Math.round(w * 0.84)} ${h} Z" fill="#fff" opacity="0.82"/>\n`
      : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeXml(spec.label)}">`,
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    `<rect width="${w}" height="${h}" fill="url(#g)"/>`,
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="#fff" opacity="0.08"/><circle cx="${cx + Math.round(r * 0.55)}" cy="${cy + Math.round(r * 0.9)}" r="${Math.round(r * 0.64)}" fill="#000" opacity="0.12"/>`,
    `<path d="${ridge(RIDGES[0] as number[], w, h)}" fill="#000" opacity="0.25"/>`,
    `<path d="${ridge(RIDGES[1] as number[], w, h)}" fill="#000" opacity="0.18"/>`,
    `${silhouette}</svg>`,
    '',
  ].join('\n');
}
