import type { LandingTemplate } from '@taquilla/domain';

// Catalogue shows that are also landing pages.
const BILLBOARD = 'festival-luz-de-volcan';
const PODCAST_CHANNEL = 'voces-de-xela';

/**
 * The demo landing pages (issue 12, decision 0041): one show per template of
 * LANDING_TEMPLATES, by vanity path. `show` and `podcast` are shows of the catalogue
 * given a template; `film` is the first film of the festival.
 */
export const LANDING_PATHS = {
  show: BILLBOARD,
  producer: 'cultura-viva-gt',
  registration: 'encuentro-caficultores-de-altura',
  channel: 'cocina-de-fogon',
  series: 'oro-del-motagua',
  podcast: PODCAST_CHANNEL,
  artist: 'aurora-tzunun',
  festival: 'muestra-cine-del-lago',
  film: 'el-telar-de-la-abuela',
  lineup: 'festival-carcajada-chapina',
  cast: 'la-casa-de-los-cuatro-vientos',
  gallery: 'noche-de-faroles',
  seminar: 'seminario-caminos-seguros',
  telethon: 'maraton-corazon-de-maiz',
  album: 'cantos-de-barro',
} as const satisfies Record<LandingTemplate, string>;

/** The festival's films: each is a show of its own, opened at /{festival}/{film}. */
export const FESTIVAL_FILM_PATHS = [
  LANDING_PATHS.film,
  'niebla-en-coban',
  'marimba-de-medianoche',
] as const;

/** Vanity paths of the seeded shows: their natural keys, shared by every part of the seed. */
export const PATHS = {
  billboard: BILLBOARD,
  seatMap: 'noche-de-gala-sinfonica',
  /** Dates (funciones) of the seat-map show; they sell the seats of its map. */
  seatMapChildren: ['noche-de-gala-sinfonica-funcion-1', 'noche-de-gala-sinfonica-funcion-2'],
  multiDate: 'el-quijote-de-la-sexta',
  multiDateChildren: [
    'el-quijote-de-la-sexta-funcion-1',
    'el-quijote-de-la-sexta-funcion-2',
    'el-quijote-de-la-sexta-funcion-3',
  ],
  depositOnly: 'raices-de-xela-marimba',
  registration: 'taller-fotografia-antigua',
  bundle: 'feria-sabores-de-guatemala',
  soon: 'gira-nacional-los-del-cerro',
  draft: 'stand-up-chapin-borrador',
  nologin: 'congreso-innovacion-chapina',
  live: 'atardecer-en-atitlan-en-vivo',
  vod: 'la-llorona-del-lago',
  playlist: 'muestra-cortometrajes-guatemaltecos',
  channel: PODCAST_CHANNEL,
  /** One landing page per template (landing-pages.ts). */
  landing: LANDING_PATHS,
  festivalFilms: FESTIVAL_FILM_PATHS,
} as const;

/**
 * The address of every demo landing page, one per template: `/{path}`, and for the
 * film its festival's sub path `/{festival}/{film}` (what the E2E spec visits).
 */
export const DEMO_LANDING_PAGES: readonly { template: LandingTemplate; url: string }[] = (
  Object.entries(LANDING_PATHS) as [LandingTemplate, string][]
).map(([template, path]) => ({
  template,
  url: template === 'film' ? `/${LANDING_PATHS.festival}/${path}` : `/${path}`,
}));

/**
 * The demo clip the API serves itself (apps/api/media/demo, GET /media/demo/…),
 * in HLS and MP4, so the demo shows play offline; an organiser sets real ones.
 */
export const VIDEO = {
  live: '/media/demo/taquilla-demo-live.m3u8',
  film: '/media/demo/taquilla-demo.mp4',
  shortA: '/media/demo/taquilla-demo.mp4',
  shortB: '/media/demo/taquilla-demo.m3u8',
  episode: '/media/demo/taquilla-demo.mp4',
  trailer: '/media/demo/taquilla-demo.mp4',
} as const;

export const TEATRO_NACIONAL = {
  venue: 'Teatro Nacional Miguel Ángel Asturias',
  venueAddress: '24 Calle 3-81, Zona 1, Centro Cívico, Ciudad de Guatemala',
};
export const FORUM_MAJADAS = {
  venue: 'Fórum Majadas',
  venueAddress: '28 Avenida 5-20, Zona 11, Ciudad de Guatemala',
};
export const CAYALA = {
  venue: 'Explanada Cayalá',
  venueAddress: 'Ciudad Cayalá, Zona 16, Ciudad de Guatemala',
};
export const TEATRO_XELA = {
  venue: 'Teatro Municipal de Quetzaltenango',
  venueAddress: '14 Avenida y 1a Calle, Zona 1, Quetzaltenango',
};
export const ONLINE_VENUE = { venue: 'Online', venueAddress: 'Transmisión en línea' };
