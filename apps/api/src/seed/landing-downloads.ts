import { simplePdf, storedZip, wavTone } from './landing-files.ts';

/** Where the API serves the committed demo files (apps/api/media/demo, GET /media/demo/…). */
export const demoMedia = (name: string) => `/media/demo/${name}`;

// Pentatonic notes (Hz): every track is a short motif of them.
const G4 = 392;
const A4 = 440;
const C5 = 523.25;
const D5 = 587.33;
const E5 = 659.25;
const G5 = 783.99;
const A5 = 880;

/** The demo album's ten tracks (a second or so each), in order. */
export const ALBUM_TRACKS = [
  { title: 'Barro y maíz', notes: [C5, D5, E5, G5] },
  { title: 'Camino a Momostenango', notes: [G4, A4, C5, D5] },
  { title: 'La tejedora', notes: [E5, D5, C5, A4] },
  { title: 'Lluvia en el altiplano', notes: [A5, G5, E5, D5] },
  { title: 'Son de la cosecha', notes: [C5, E5, G5, A5] },
  { title: 'Nana del volcán', notes: [G5, E5, C5, G4] },
  { title: 'El tren que no volvió', notes: [D5, C5, A4, G4] },
  { title: 'Mercado de domingo', notes: [A4, C5, D5, E5] },
  { title: 'Fuego de ocote', notes: [E5, G5, A5, G5] },
  { title: 'Regreso al pueblo', notes: [G4, C5, E5, C5] },
] as const;

export const ALBUM_SLUG = 'cantos-de-barro';
export const albumTrackFile = (index: number) =>
  `${ALBUM_SLUG}-${String(index + 1).padStart(2, '0')}.wav`;
export const ALBUM_ZIP_FILE = `${ALBUM_SLUG}.zip`;
export const SEMINAR_MATERIAL_FILE = 'caminos-seguros-material.pdf';

const SEMINAR_MATERIAL = {
  title: 'Seminario Caminos Seguros',
  lines: [
    'Material del taller para periodistas y comunicadores',
    '',
    '1. Cómo informar sobre un percance vial sin revictimizar.',
    '2. Datos abiertos de tránsito: dónde buscarlos y cómo leerlos.',
    '3. Velocidad, casco y cinturón: los tres mensajes que salvan vidas.',
    '4. Lista de verificación antes de publicar una nota.',
    '',
    'Material de demostración de Taquilla. Contenido ficticio.',
  ],
};

/** Every demo download: file name under apps/api/media/demo and its bytes. */
export function demoDownloadFiles(): { name: string; bytes: Buffer }[] {
  const tracks = ALBUM_TRACKS.map((track, index) => ({
    name: albumTrackFile(index),
    bytes: wavTone(track.notes, 0.28),
  }));
  return [
    ...tracks,
    { name: ALBUM_ZIP_FILE, bytes: storedZip(tracks) },
    {
      name: SEMINAR_MATERIAL_FILE,
      bytes: simplePdf(SEMINAR_MATERIAL.title, SEMINAR_MATERIAL.lines),
    },
  ];
}
