import type { ShowStatus } from '../generated/prisma/client.ts';
import { FESTIVAL_FILM_PATHS, LANDING_PATHS, ONLINE_VENUE, VIDEO } from './paths.ts';
import type { ShowSpec } from './shows.ts';
import { demoImage, guatemalaTime, hourFrom } from './util.ts';

const FESTIVAL = LANDING_PATHS.festival;
/** The festival page's regional banner and the playback refusal have this to show (002 §5). */
const BLOCKED_COUNTRIES = ['IN'];

interface FilmSpec {
  path: (typeof FESTIVAL_FILM_PATHS)[number];
  /** ACTIVE: too early to enter; REPLAY and LIVE: enter with a ticket (002 §4). */
  status: ShowStatus;
  days: number;
  title: string;
  synopsis: string;
  year: number;
  genre: string;
  /** Hours. */
  duration: number;
  rated: string;
  language: string;
  subtitles: string;
  director: string;
  writer: string;
  producer: string;
  cast: string[];
}

const FILMS: FilmSpec[] = [
  {
    path: FESTIVAL_FILM_PATHS[0],
    status: 'ACTIVE',
    days: 5,
    title: 'El telar de la abuela',
    synopsis:
      'Cuando su abuela enferma, Candelaria vuelve a San Antonio Aguas Calientes para terminar el güipil que quedó a medias en el telar de cintura.',
    year: 2025,
    genre: 'Drama',
    duration: 1.6,
    rated: 'A',
    language: 'Kaqchikel y español',
    subtitles: 'Español, inglés',
    director: 'Marta Xinico',
    writer: 'Marta Xinico, Pablo Sotz',
    producer: 'Colectivo Hilo Rojo',
    cast: ['Candelaria Cúmez', 'Tomasa Ajsivinac', 'Eliseo Catú'],
  },
  {
    path: FESTIVAL_FILM_PATHS[1],
    status: 'REPLAY',
    days: -10,
    title: 'Niebla en Cobán',
    synopsis:
      'Un inspector de la capital llega a Alta Verapaz a investigar la desaparición de un catador de cardamomo. La niebla no deja ver a nadie dos veces igual.',
    year: 2024,
    genre: 'Suspenso',
    duration: 1.75,
    rated: 'B15',
    language: 'Español y q’eqchi’',
    subtitles: 'Español, inglés',
    director: 'Óscar Maaz',
    writer: 'Óscar Maaz',
    producer: 'Bosque Nuboso Films',
    cast: ['Rigoberto Choc', 'Alba Tiul', 'Fernando Caal', 'Isabel Pop'],
  },
  {
    path: FESTIVAL_FILM_PATHS[2],
    status: 'LIVE',
    days: 0,
    title: 'Marimba de medianoche',
    synopsis:
      'Documental sobre una familia de constructores de marimbas de Chiantla que prepara, en una sola noche, el instrumento para la feria del pueblo.',
    year: 2026,
    genre: 'Documental',
    duration: 1.2,
    rated: 'A',
    language: 'Español',
    subtitles: 'Inglés',
    director: 'Lesbia Ordóñez',
    writer: 'Lesbia Ordóñez, Hugo Matías',
    producer: 'Tecomate Producciones',
    cast: ['Familia Ramírez Herrera'],
  },
];

function film(now: Date, spec: FilmSpec): ShowSpec {
  const showDate = spec.days === 0 ? hourFrom(now) : guatemalaTime(now, spec.days, 20);
  return {
    path: spec.path,
    producer: 'culturaViva',
    parentPath: FESTIVAL,
    fullname: spec.title,
    subtitle: `${spec.genre} · ${spec.year} · Muestra de Cine del Lago`,
    description: spec.synopsis,
    importantInfo: 'Un boleto por película. La función queda disponible 48 horas.',
    showDate,
    ...ONLINE_VENUE,
    status: spec.status,
    paid: true,
    tags: ['cine', 'festival', spec.genre.toLowerCase()],
    genre: spec.genre,
    icon: 'movie',
    videoUrl: spec.status === 'LIVE' ? VIDEO.live : VIDEO.film,
    settings: {
      player: 'generic',
      vod: spec.status === 'REPLAY',
      duration: spec.duration,
      blocked_countries: BLOCKED_COUNTRIES,
      landing: { template: 'film' },
      poster_image: demoImage(`${spec.path}-afiche`),
      title: spec.title,
      year: spec.year,
      genre: spec.genre,
      rated: spec.rated,
      language: spec.language,
      subtitles: spec.subtitles,
      director: spec.director,
      writer: spec.writer,
      producer: spec.producer,
      cast: spec.cast,
      trailer: VIDEO.trailer,
    },
    tickets: [
      {
        code: 'PELICULA',
        fullname: `Función en línea: ${spec.title}`,
        type: 'ONLINE',
        price: 3500,
        priceUsd: 450,
        paymentTypes: ['CREDIT_CARD'],
        capacity: 2000,
      },
    ],
  };
}

const LINEUP = LANDING_PATHS.lineup;

const COMEDY_NIGHTS = [
  {
    slug: 'noche-1',
    days: 15,
    title: 'Chema Ajpop: Cosas de la camioneta',
    text: 'Historias de treinta años viajando en bus extraurbano entre Xela y la capital.',
  },
  {
    slug: 'noche-2',
    days: 16,
    title: 'La Tía Chabela: Consejos que nadie pidió',
    text: 'La tía que todos tenemos opina de bodas, bautizos y del novio de la sobrina.',
  },
  {
    slug: 'noche-3',
    days: 17,
    title: 'Beto Caal y amigos: Micrófono abierto',
    text: 'Cierre del festival con cinco comediantes nuevos y un invitado sorpresa.',
  },
];

const LINEUP_VENUE = {
  venue: 'Auditorio La Ceiba',
  venueAddress: '5a Avenida 12-40, Zona 9, Ciudad de Guatemala',
};

/** Film festival home with its three films, and the comedy festival with its three nights. */
export function festivalLandings(now: Date): ShowSpec[] {
  return [
    {
      path: FESTIVAL,
      producer: 'culturaViva',
      fullname: 'Muestra de Cine del Lago',
      subtitle: 'Cine guatemalteco en línea · tercera edición',
      description:
        'Tres películas guatemaltecas para ver en línea durante la muestra: un drama en kaqchikel, un thriller en la niebla de Alta Verapaz y un documental sobre marimbas. Cada película tiene su propia página, su boleto y su función.',
      importantInfo:
        'Por derechos de distribución, las películas no se pueden ver desde India. Cada película requiere su boleto.',
      showDate: guatemalaTime(now, -10, 20),
      ...ONLINE_VENUE,
      status: 'ACTIVE',
      paid: true,
      tags: ['cine', 'festival', 'película'],
      genre: 'Festival de cine',
      icon: 'movie',
      settings: {
        player: 'generic',
        duration: 400,
        blocked_countries: BLOCKED_COUNTRIES,
        landing: {
          template: 'festival',
          headline: 'Tres películas, una muestra',
          intro:
            'Elige una película para ver su ficha, su tráiler y comprar tu boleto. Las funciones en vivo y las repeticiones se ven desde aquí.',
        },
      },
    },
    ...FILMS.map((spec) => film(now, spec)),
    {
      path: LINEUP,
      producer: 'quetzal',
      fullname: 'Festival Carcajada Chapina',
      subtitle: 'Tres noches de comedia en vivo',
      description:
        'El festival de comedia que reúne a los cuentacuentos, imitadores y comediantes de micrófono abierto más queridos del país. Cada noche tiene su propio boleto.',
      importantInfo: 'Espectáculo para mayores de 16 años. Lenguaje para adultos.',
      showDate: guatemalaTime(now, 15, 20),
      ...LINEUP_VENUE,
      status: 'ACTIVE',
      paid: true,
      tags: ['comedia', 'festival', 'stand-up'],
      genre: 'Comedia',
      icon: 'theater',
      settings: {
        duration: 72,
        landing: {
          template: 'lineup',
          headline: 'Tres noches para reír',
          intro: 'Conoce a los comediantes de cada noche y elige la tuya.',
        },
      },
    },
    ...COMEDY_NIGHTS.map((night): ShowSpec => ({
      path: `${LINEUP}-${night.slug}`,
      producer: 'quetzal',
      parentPath: LINEUP,
      fullname: night.title,
      subtitle: 'Festival Carcajada Chapina',
      description: night.text,
      importantInfo: 'Mayores de 16 años. Puertas abren una hora antes.',
      showDate: guatemalaTime(now, night.days, 20),
      ...LINEUP_VENUE,
      status: 'ACTIVE',
      paid: true,
      tags: ['comedia', 'stand-up'],
      genre: 'Comedia',
      icon: 'theater',
      settings: { duration: 2 },
      tickets: [
        {
          code: 'GENERAL',
          fullname: 'General',
          price: 12000,
          priceUsd: 1600,
          fee: 600,
          feeUsd: 80,
          paymentTypes: ['CREDIT_CARD', 'BANK_DEPOSIT'],
          capacity: 350,
        },
      ],
    })),
  ];
}
