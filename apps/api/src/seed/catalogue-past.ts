import type { ShowIcon } from '../generated/prisma/client.ts';
import {
  CAYALA,
  FORUM_MAJADAS,
  ONLINE_VENUE,
  TEATRO_NACIONAL,
  TEATRO_XELA,
  VIDEO,
} from './paths.ts';
import type { ShowSpec } from './shows.ts';
import type { ProducerKey } from './users.ts';
import { guatemalaTime } from './util.ts';

interface PastShow {
  path: string;
  producer: ProducerKey;
  fullname: string;
  subtitle: string;
  description: string;
  days: number;
  hour: number;
  place: { venue: string; venueAddress: string };
  tags: string[];
  icon: ShowIcon;
  /** GTQ centavos and USD cents; 0 for a free show. */
  price: number;
  priceUsd: number;
}

const ANTIGUA = {
  venue: 'Convento de Santo Domingo',
  venueAddress: '3a Calle Oriente 28, Antigua Guatemala, Sacatepéquez',
};

/** Closed shows spread over the last six months: the "past shows" list and reports. */
const PAST: PastShow[] = [
  {
    path: 'jazz-en-la-antigua',
    producer: 'culturaViva',
    fullname: 'Jazz en La Antigua',
    subtitle: 'Cuarteto Volcán de Agua',
    description:
      'Una noche de jazz latino entre las ruinas del convento. Standards, bossa nova y composiciones originales.',
    days: -9,
    hour: 20,
    place: ANTIGUA,
    tags: ['música', 'jazz'],
    icon: 'music',
    price: 20000,
    priceUsd: 2600,
  },
  {
    path: 'charla-mujeres-en-la-ciencia',
    producer: 'culturaViva',
    fullname: 'Mujeres en la Ciencia Guatemalteca',
    subtitle: 'Conversatorio en línea',
    description:
      'Investigadoras de universidades guatemaltecas hablan de su trabajo en biología, física y salud pública.',
    days: -24,
    hour: 18,
    place: ONLINE_VENUE,
    tags: ['conferencia', 'ciencia'],
    icon: 'talk',
    price: 0,
    priceUsd: 0,
  },
  {
    path: 'rock-del-altiplano-xela',
    producer: 'quetzal',
    fullname: 'Rock del Altiplano',
    subtitle: 'Cinco bandas quetzaltecas',
    description: 'El encuentro anual del rock de Los Altos llenó el Teatro Municipal de Xela.',
    days: -41,
    hour: 19,
    place: TEATRO_XELA,
    tags: ['música', 'rock'],
    icon: 'music',
    price: 10000,
    priceUsd: 1300,
  },
  {
    path: 'ballet-folklorico-nacional',
    producer: 'quetzal',
    fullname: 'Ballet Folklórico: Danzas de Guatemala',
    subtitle: 'Trajes y danzas de las regiones del país',
    description:
      'La Danza del Venado, el Baile de la Conquista y el Palo Volador en una producción de gran formato.',
    days: -58,
    hour: 20,
    place: TEATRO_NACIONAL,
    tags: ['danza', 'tradición', 'familia'],
    icon: 'theater',
    price: 15000,
    priceUsd: 2000,
  },
  {
    path: 'cine-foro-memoria',
    producer: 'altiplano',
    fullname: 'Cine Foro: Memoria',
    subtitle: 'Proyección y conversatorio en línea',
    description:
      'Proyección de un documental sobre la memoria histórica seguida de un conversatorio con su directora.',
    days: -83,
    hour: 19,
    place: ONLINE_VENUE,
    tags: ['cine', 'documental', 'conferencia'],
    icon: 'movie',
    price: 2500,
    priceUsd: 350,
  },
  {
    path: 'electro-cayala-sunset',
    producer: 'quetzal',
    fullname: 'Electro Cayalá Sunset',
    subtitle: 'DJs nacionales al atardecer',
    description: 'Música electrónica desde el atardecer hasta la medianoche en la explanada.',
    days: -104,
    hour: 17,
    place: CAYALA,
    tags: ['música', 'electrónica'],
    icon: 'music',
    price: 22000,
    priceUsd: 2900,
  },
  {
    path: 'expo-emprende-guate',
    producer: 'culturaViva',
    fullname: 'Expo Emprende Guate',
    subtitle: 'Feria de emprendimiento',
    description:
      'Más de cien emprendimientos guatemaltecos, talleres de finanzas y rondas de negocios.',
    days: -131,
    hour: 9,
    place: FORUM_MAJADAS,
    tags: ['conferencia', 'emprendimiento', 'feria'],
    icon: 'talk',
    price: 0,
    priceUsd: 0,
  },
  {
    path: 'concierto-navideno-en-linea',
    producer: 'quetzal',
    fullname: 'Concierto Navideño en Línea',
    subtitle: 'Coro de Niños de Guatemala',
    description: 'Villancicos tradicionales y chapines transmitidos en vivo para toda la familia.',
    days: -166,
    hour: 19,
    place: ONLINE_VENUE,
    tags: ['música', 'navidad', 'familia'],
    icon: 'music',
    price: 5000,
    priceUsd: 650,
  },
];

export function pastShows(now: Date): ShowSpec[] {
  return PAST.map((show) => {
    const online = show.place.venue === ONLINE_VENUE.venue;
    const free = show.price === 0;
    return {
      path: show.path,
      producer: show.producer,
      fullname: show.fullname,
      subtitle: show.subtitle,
      description: show.description,
      importantInfo: 'Este evento ya terminó. ¡Gracias por acompañarnos!',
      showDate: guatemalaTime(now, show.days, show.hour),
      ...show.place,
      status: 'CLOSED',
      paid: !free,
      tags: show.tags,
      icon: show.icon,
      videoUrl: online ? VIDEO.episode : undefined,
      settings: free ? { registration: true } : {},
      tickets: [
        {
          code: free ? 'REGISTRO' : 'GENERAL',
          fullname: free ? 'Registro gratuito' : online ? 'Acceso en línea' : 'General',
          type: online ? 'ONLINE' : 'GENERAL',
          price: show.price,
          priceUsd: show.priceUsd,
          paymentTypes: free ? ['REGISTRATION'] : ['CREDIT_CARD', 'BANK_DEPOSIT'],
          capacity: online ? 2000 : 800,
        },
      ],
    };
  });
}
