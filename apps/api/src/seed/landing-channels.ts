import type { ShowStatus } from '../generated/prisma/client.ts';
import { LANDING_PATHS, ONLINE_VENUE, VIDEO } from './paths.ts';
import type { ShowSpec } from './shows.ts';
import { demoImage, guatemalaTime, hourFrom } from './util.ts';

interface EpisodeSpec {
  slug: string;
  status: ShowStatus;
  /** Days from today (0: the episode is on now). */
  days: number;
  title: string;
  text: string;
}

interface Channel {
  path: string;
  name: string;
  producer: ShowSpec['producer'];
  tags: string[];
}

/** An episode of a free online channel: a child show with the demo clip unless SOON. */
function episode(
  now: Date,
  parent: Channel,
  spec: EpisodeSpec,
  extra: Record<string, unknown> = {},
): ShowSpec {
  const showDate = spec.days === 0 ? hourFrom(now) : guatemalaTime(now, spec.days, 19);
  return {
    path: `${parent.path}-${spec.slug}`,
    producer: parent.producer,
    parentPath: parent.path,
    fullname: spec.title,
    subtitle: parent.name,
    description: spec.text,
    importantInfo: 'Episodio gratuito. Inicia sesión para verlo.',
    showDate,
    ...ONLINE_VENUE,
    status: spec.status,
    paid: false,
    tags: parent.tags,
    icon: 'talk',
    videoUrl: spec.status === 'SOON' ? undefined : VIDEO.episode,
    settings: {
      player: 'generic',
      vod: spec.status === 'REPLAY',
      chat_visible: spec.status === 'LIVE',
      date: showDate.toISOString(),
      ...extra,
    },
  };
}

const COCINA: Channel = {
  path: LANDING_PATHS.channel,
  name: 'Cocina de Fogón',
  producer: 'altiplano',
  tags: ['cocina', 'gastronomía', 'canal'],
};

const COCINA_EPISODES: EpisodeSpec[] = [
  {
    slug: 'pepian',
    status: 'REPLAY',
    days: -21,
    title: 'Pepián de la abuela Tina',
    text: 'Semillas tostadas en comal, tomate asado y mucha paciencia: el recado paso a paso.',
  },
  {
    slug: 'tamales',
    status: 'ACTIVE',
    days: -6,
    title: 'Tamales colorados de Nochebuena',
    text: 'Cómo se amarra un tamal en hoja de maxán y por qué el recado se cocina aparte.',
  },
  {
    slug: 'atol',
    status: 'LIVE',
    days: 0,
    title: 'Atol de elote en vivo',
    text: 'Cocinamos en vivo desde un patio de San Juan Sacatepéquez. Pregunta en el chat.',
  },
  {
    slug: 'rellenitos',
    status: 'SOON',
    days: 9,
    title: 'Rellenitos de plátano',
    text: 'Plátano maduro, frijol dulce y canela: el postre del próximo domingo.',
  },
];

const MOTAGUA: Channel = {
  path: LANDING_PATHS.series,
  name: 'Oro del Motagua',
  producer: 'altiplano',
  tags: ['documental', 'serie', 'historia'],
};

/** HIDDEN is listed on a series page and TEST is not (002 §4): both are here to show it. */
const MOTAGUA_EPISODES: EpisodeSpec[] = [
  {
    slug: 'capitulo-1',
    status: 'REPLAY',
    days: -28,
    title: 'Capítulo 1: Las arenas del río',
    text: 'Familias de El Progreso que todavía lavan arena en batea buscando pepitas de oro.',
  },
  {
    slug: 'capitulo-2',
    status: 'REPLAY',
    days: -21,
    title: 'Capítulo 2: El jade y el oro',
    text: 'Artesanos del valle del Motagua cuentan cómo cambió el río en cincuenta años.',
  },
  {
    slug: 'capitulo-extra',
    status: 'HIDDEN',
    days: -14,
    title: 'Capítulo extra: Detrás de cámaras',
    text: 'Fuera del catálogo, pero en la página de la serie: cómo se filmó en el río.',
  },
  {
    slug: 'prueba-transmision',
    status: 'TEST',
    days: -1,
    title: 'Prueba de transmisión',
    text: 'Episodio de prueba del equipo técnico; la página de la serie no lo lista.',
  },
  {
    slug: 'capitulo-3',
    status: 'SOON',
    days: 7,
    title: 'Capítulo 3: La fiebre de 1920',
    text: 'Archivos y cartas de la última fiebre del oro en el oriente del país.',
  },
];

const ARTIST = LANDING_PATHS.artist;
const ARTIST_CONCERT = `${ARTIST}-concierto-del-lago`;

/** Channel, series and artist pages with their children. */
export function channelLandings(now: Date): ShowSpec[] {
  const concertDate = guatemalaTime(now, 12, 20);
  return [
    {
      path: COCINA.path,
      producer: COCINA.producer,
      fullname: COCINA.name,
      subtitle: 'Recetas guatemaltecas cocinadas a leña',
      description:
        'Un canal de cocina tradicional grabado en patios y cocinas de humo de todo el país. Cada episodio es una receta completa, con sus historias.',
      importantInfo: 'Episodios gratuitos. Los episodios en vivo quedan disponibles después.',
      showDate: guatemalaTime(now, -21, 19),
      ...ONLINE_VENUE,
      status: 'ACTIVE',
      paid: false,
      tags: COCINA.tags,
      genre: 'Gastronomía',
      icon: 'talk',
      settings: {
        player: 'generic',
        landing: {
          template: 'channel',
          headline: 'Recetas de fogón, de la olla a tu pantalla',
          intro:
            'Elige un episodio: los que están disponibles se ven al instante y los próximos se anuncian aquí.',
        },
      },
    },
    ...COCINA_EPISODES.map((spec) => episode(now, COCINA, spec)),
    {
      path: MOTAGUA.path,
      producer: MOTAGUA.producer,
      fullname: MOTAGUA.name,
      subtitle: 'Serie documental en cinco capítulos',
      description:
        'La historia del oro de aluvión del río Motagua contada por quienes lo buscan: bateadores, historiadoras y artesanos del oriente de Guatemala.',
      importantInfo: 'Serie gratuita. Un capítulo nuevo cada semana.',
      showDate: guatemalaTime(now, -28, 19),
      ...ONLINE_VENUE,
      status: 'ACTIVE',
      paid: false,
      tags: MOTAGUA.tags,
      genre: 'Documental',
      icon: 'movie',
      settings: {
        player: 'generic',
        landing: {
          template: 'series',
          headline: 'Una serie sobre el oro que baja del río',
          intro: 'Todos los capítulos, incluido el capítulo extra que no aparece en la cartelera.',
        },
      },
    },
    ...MOTAGUA_EPISODES.map((spec) => ({
      ...episode(now, MOTAGUA, spec),
      icon: 'movie' as const,
    })),
    {
      path: ARTIST,
      producer: 'quetzal',
      fullname: 'Aurora Tzunún',
      subtitle: 'Cantautora de Quetzaltenango',
      description:
        'Aurora Tzunún mezcla marimba, guitarra y sintetizadores con canciones en español y k’iche’. Su canal reúne sus conciertos en vivo y en línea.',
      importantInfo:
        'El concierto virtual queda disponible 48 horas después de la transmisión. El acceso es por dispositivo.',
      showDate: concertDate,
      ...ONLINE_VENUE,
      status: 'ACTIVE',
      paid: true,
      tags: ['música', 'cantautora', 'concierto'],
      genre: 'Canción de autor',
      icon: 'music',
      settings: {
        player: 'generic',
        channel_image: demoImage(`${ARTIST}-encabezado`),
        channel_image_mobile: demoImage(`${ARTIST}-encabezado-movil`),
        landing: {
          template: 'artist',
          headline: 'Aurora Tzunún en concierto',
          intro:
            'Ve el concierto desde casa o acompáñala en el Teatro al Aire Libre del Lago. Con tu código activado, entra directo a la transmisión.',
          socials: [
            { label: 'Sitio oficial', url: 'https://aurora-tzunun.example/' },
            { label: 'Canal de videos', url: 'https://videos.example/aurora-tzunun' },
            { label: 'Fotos', url: 'https://fotos.example/aurora.tzunun' },
          ],
        },
      },
    },
    {
      path: ARTIST_CONCERT,
      producer: 'quetzal',
      parentPath: ARTIST,
      fullname: 'Aurora Tzunún: Concierto del Lago',
      subtitle: 'En vivo desde el Teatro al Aire Libre del Lago',
      description:
        'Un concierto de hora y media con banda completa, transmitido en vivo. Elige la entrada virtual o el boleto presencial.',
      importantInfo:
        'Entrada virtual: un dispositivo a la vez, disponible 48 horas después del concierto.',
      showDate: concertDate,
      venue: 'Teatro al Aire Libre del Lago',
      venueAddress: 'Calle del Muelle, Panajachel, Sololá',
      type: 'VENUE',
      status: 'ACTIVE',
      paid: true,
      tags: ['música', 'concierto'],
      genre: 'Canción de autor',
      icon: 'music',
      videoUrl: VIDEO.live,
      settings: { player: 'generic', duration: 1.5, vod: false, chat_visible: true },
      tickets: [
        {
          code: 'VIRTUAL-PREVENTA',
          fullname: 'Concierto virtual · Preventa',
          description: 'Precio de preventa, ya agotado.',
          type: 'ONLINE',
          price: 10000,
          priceUsd: 1400,
          paymentTypes: ['CREDIT_CARD'],
          capacity: 500,
          validThru: guatemalaTime(now, -1, 23, 59),
        },
        {
          code: 'VIRTUAL',
          fullname: 'Concierto virtual · Día del evento',
          description: 'Acceso a la transmisión en vivo y 48 horas de repetición.',
          type: 'ONLINE',
          price: 12000,
          priceUsd: 1600,
          paymentTypes: ['CREDIT_CARD'],
          capacity: 3000,
        },
        {
          code: 'PRESENCIAL',
          fullname: 'Presencial · General',
          description: 'Ingreso al teatro al aire libre. Llega 30 minutos antes.',
          price: 25000,
          priceUsd: 3300,
          paymentTypes: ['CREDIT_CARD'],
          capacity: 400,
        },
      ],
    },
  ];
}
