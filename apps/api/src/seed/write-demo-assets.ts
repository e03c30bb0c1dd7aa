// Writes the demo landing pages' committed files: their SVG art into
// apps/web/public/images/demo and their downloads into apps/api/media/demo.
// Run it after changing a landing page's images or files (decision 0041):
//   pnpm --filter @taquilla/api exec tsx src/seed/write-demo-assets.ts
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { demoArtSvg } from './landing-art.ts';
import type { ArtKind, ArtSpec } from './landing-art.ts';
import { demoDownloadFiles } from './landing-downloads.ts';
import { producerLanding } from './landing-events.ts';
import { landingShows } from './landing-pages.ts';
import { demoImage } from './util.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEMO_IMAGES_DIR = path.resolve(here, '../../../web/public/images/demo');
export const DEMO_MEDIA_DIR = path.resolve(here, '../../media/demo');

const IMAGE_PREFIX = '/images/demo/';

interface LandingSettings {
  title?: string;
  poster_image?: string;
  channel_image?: string;
  channel_image_mobile?: string;
  landing?: {
    gallery?: { image: string; alt: string }[];
    people?: { name: string; photo?: string }[];
  };
}

/**
 * Every demo image the landing pages point to, with what it shows: main images,
 * film posters, header images, gallery pictures and portraits.
 */
export function landingArt(now = new Date()): ArtSpec[] {
  const art = new Map<string, ArtSpec>();
  const add = (
    url: string | undefined,
    label: string,
    size: [number, number],
    kind: ArtKind = 'scene',
  ) => {
    if (!url?.startsWith(IMAGE_PREFIX) || !url.endsWith('.svg')) return;
    const name = url.slice(IMAGE_PREFIX.length, -'.svg'.length);
    art.set(name, { name, label, width: size[0], height: size[1], kind });
  };
  for (const spec of [...landingShows(now), producerLanding(now, [])]) {
    const settings = spec.settings as LandingSettings;
    add(demoImage(spec.image ?? spec.path), spec.fullname, [960, 540]);
    add(
      settings.poster_image,
      `Afiche de la película ${settings.title ?? spec.fullname}`,
      [600, 900],
    );
    add(settings.channel_image, `${spec.fullname}, imagen de encabezado`, [1440, 480]);
    add(settings.channel_image_mobile, `${spec.fullname}, imagen de encabezado`, [720, 720]);
    for (const item of settings.landing?.gallery ?? []) add(item.image, item.alt, [960, 540]);
    for (const person of settings.landing?.people ?? []) {
      add(person.photo, `Retrato de ${person.name}`, [600, 600], 'portrait');
    }
  }
  return [...art.values()];
}

/** Every committed file: where it goes and its content. */
export function demoAssets(): { file: string; bytes: Buffer }[] {
  return [
    ...landingArt().map((spec) => ({
      file: path.join(DEMO_IMAGES_DIR, `${spec.name}.svg`),
      bytes: Buffer.from(demoArtSvg(spec), 'utf8'),
    })),
    ...demoDownloadFiles().map(({ name, bytes }) => ({
      file: path.join(DEMO_MEDIA_DIR, name),
      bytes,
    })),
  ];
}

function main(): void {
  let written = 0;
  for (const { file, bytes } of demoAssets()) {
    if (existsSync(file) && readFileSync(file).equals(bytes)) continue;
    writeFileSync(file, bytes);
    written += 1;
    console.log(`wrote ${path.relative(process.cwd(), file)} (${bytes.length} bytes)`);
  }
  console.log(`${written} demo files written, the others were up to date`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) main();
