/** Vanity paths of the seeded shows: their natural keys, shared by every part of the seed. */
export const PATHS = {
  billboard: 'festival-luz-de-volcan',
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
  channel: 'voces-de-xela',
} as const;

/**
 * The demo clip the API serves itself (apps/api/media/demo, GET /media/demo/…),
 * in HLS and MP4, so the demo shows play offline; an organiser sets real ones.
 */
export const VIDEO = {
  live: '/media/demo/taquilla-demo.m3u8',
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
