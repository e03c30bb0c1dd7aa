import {
  ALBUM_TRACKS,
  ALBUM_ZIP_FILE,
  SEMINAR_MATERIAL_FILE,
  albumTrackFile,
  demoMedia,
} from './landing-downloads.ts';
import { LANDING_PATHS, ONLINE_VENUE, VIDEO } from './paths.ts';
import type { ShowSpec } from './shows.ts';
import { demoImage, guatemalaTime, hourFrom } from './util.ts';

/** The DPI the demo telethon order was bought with: the lookup finds its codes. */
export const DEMO_TELETHON_DPI = '2456789010101';

const pageImage = (page: string, slug: string) => demoImage(`${page}-${slug}`);

const CAST = LANDING_PATHS.cast;
const GALLERY = LANDING_PATHS.gallery;
const SEMINAR = LANDING_PATHS.seminar;

const FAROLES = [
  ['farol-rojo', 'Faroles de papel rojo colgados sobre la calle empedrada'],
  ['coro', 'Coro infantil cantando frente al atrio iluminado'],
  ['nacimiento', 'Nacimiento tradicional con aserrín de colores y musgo'],
  ['ponche', 'Ollas de ponche de frutas humeando en el puesto de la esquina'],
  ['desfile', 'Desfile de faroles de niñas y niños al caer la noche'],
  ['cohetillos', 'Cielo nocturno con luces de bengala sobre los tejados'],
] as const;

/** Registration, cast, gallery, seminar, telethon and album pages. */
export function eventLandings(now: Date): ShowSpec[] {
  return [
    {
      path: LANDING_PATHS.registration,
      producer: 'culturaViva',
      fullname: 'Encuentro de Caficultores de Altura',
      subtitle: 'Una jornada para quienes cultivan café de montaña',
      description:
        'Catación guiada, charlas sobre manejo de la roya y una feria de herramientas para pequeños productores de café de Huehuetenango y San Marcos. La entrada es libre con inscripción.',
      importantInfo:
        'Actividad gratuita con inscripción previa. Trae tu propia taza: no habrá vasos desechables.',
      showDate: guatemalaTime(now, 18, 8),
      venue: 'Finca Escuela El Mirador',
      venueAddress: 'Aldea El Mirador, La Democracia, Huehuetenango',
      status: 'ACTIVE',
      paid: false,
      tags: ['café', 'taller', 'agricultura'],
      genre: 'Encuentro',
      icon: 'talk',
      settings: {
        registration: true,
        duration: 9,
        max_ticket_quantity: 2,
        landing: {
          template: 'registration',
          headline: 'Inscríbete gratis al encuentro',
          intro:
            'Llena el formulario con tus datos para reservar tu lugar. Recibirás tu código de ingreso por correo.',
        },
      },
      tickets: [
        {
          code: 'INSCRIPCION',
          fullname: 'Inscripción gratuita',
          price: 0,
          priceUsd: 0,
          paymentTypes: ['REGISTRATION'],
          capacity: 150,
        },
      ],
    },
    {
      path: CAST,
      producer: 'quetzal',
      fullname: 'La Casa de los Cuatro Vientos',
      subtitle: 'Obra de teatro en dos actos',
      description:
        'Cuatro hermanos vuelven a la casa familiar de Salcajá para decidir si la venden. Una comedia dramática sobre herencias, secretos y el viento que no deja de soplar.',
      importantInfo: 'Duración: 1 hora 40 minutos con intermedio. Mayores de 12 años.',
      showDate: guatemalaTime(now, 11, 20),
      venue: 'Teatro de Cámara Las Gradas',
      venueAddress: '10a Calle 4-15, Zona 1, Ciudad de Guatemala',
      status: 'ACTIVE',
      paid: true,
      tags: ['teatro', 'comedia', 'drama'],
      genre: 'Teatro',
      icon: 'theater',
      settings: {
        duration: 2,
        landing: {
          template: 'cast',
          headline: 'Conoce al elenco',
          intro: 'Cuatro actores, cuatro hermanos y una casa que nadie quiere soltar.',
          people: [
            {
              name: 'Rebeca Chitay',
              role: 'Amalia, la hermana mayor',
              bio: 'Actriz formada en la escuela de teatro de la Universidad Popular. Lleva veinte años en las tablas y dirige un grupo de teatro comunitario en Mixco.',
              photo: pageImage(CAST, 'rebeca-chitay'),
            },
            {
              name: 'Julio Cotiy',
              role: 'Ernesto, el que se fue al norte',
              bio: 'Actor y narrador oral. Ha recorrido escuelas rurales con espectáculos de cuentos y es la voz de varias radionovelas.',
              photo: pageImage(CAST, 'julio-cotiy'),
            },
            {
              name: 'Sonia Batz',
              role: 'Marta, la que se quedó',
              bio: 'Actriz y dramaturga de Totonicapán. Sus obras sobre migración se han presentado en festivales de la región.',
              photo: pageImage(CAST, 'sonia-batz'),
            },
            {
              name: 'Andrés Puac',
              role: 'Toño, el menor',
              bio: 'Egresado de la escuela de arte dramático en 2021. Es su primer protagónico en una sala de la capital.',
              photo: pageImage(CAST, 'andres-puac'),
            },
          ],
        },
      },
      tickets: [
        {
          code: 'GENERAL',
          fullname: 'Butaca general',
          price: 15000,
          priceUsd: 2000,
          fee: 750,
          feeUsd: 100,
          paymentTypes: ['CREDIT_CARD', 'BANK_DEPOSIT'],
          capacity: 180,
        },
      ],
    },
    {
      path: GALLERY,
      producer: 'altiplano',
      fullname: 'Noche de Faroles',
      subtitle: 'La Navidad del barrio, en vivo',
      description:
        'Desfile de faroles, coros de niñas y niños y el encendido del nacimiento del barrio, transmitido en vivo para las familias que están lejos.',
      importantInfo: 'Transmisión gratuita. Inicia sesión para verla.',
      showDate: hourFrom(now, -1),
      ...ONLINE_VENUE,
      status: 'LIVE',
      paid: false,
      tags: ['navidad', 'familia', 'en vivo'],
      genre: 'Tradiciones',
      icon: 'music',
      videoUrl: VIDEO.live,
      settings: {
        player: 'generic',
        duration: 4,
        chat_visible: true,
        landing: {
          template: 'gallery',
          headline: 'La Navidad del barrio llega a tu casa',
          intro:
            'Mira el avance, recorre las fotos de la noche y entra a la transmisión mientras está en vivo.',
          promo_video: VIDEO.film,
          gallery: FAROLES.map(([slug, alt]) => ({ image: pageImage(GALLERY, slug), alt })),
        },
      },
    },
    {
      path: SEMINAR,
      producer: 'culturaViva',
      fullname: 'Seminario Caminos Seguros',
      subtitle: 'Periodismo y comunicación para la seguridad vial',
      description:
        'Un seminario en línea para periodistas y comunicadores sobre cómo informar de percances viales con datos, sin revictimizar y con mensajes que salvan vidas.',
      importantInfo:
        'Ingreso únicamente con el código de acceso que recibiste al inscribirte. Un dispositivo a la vez.',
      showDate: hourFrom(now, -1),
      ...ONLINE_VENUE,
      status: 'LIVE',
      paid: false,
      tags: ['seminario', 'periodismo', 'seguridad vial'],
      genre: 'Seminario',
      icon: 'talk',
      videoUrl: VIDEO.live,
      settings: {
        nologin: true,
        player: 'generic',
        duration: 5,
        chat_visible: false,
        channel_image: demoImage(`${SEMINAR}-encabezado`),
        channel_image_mobile: demoImage(`${SEMINAR}-encabezado-movil`),
        landing: {
          template: 'seminar',
          headline: 'Bienvenidas y bienvenidos al seminario',
          intro:
            'Gracias por acompañarnos. Durante cinco horas, cuatro especialistas comparten herramientas para informar mejor sobre seguridad vial. Ingresa con tu código y descarga el material del taller.',
          promo_video: VIDEO.film,
          people: [
            {
              name: 'Lcda. Marisol Tuy',
              role: 'Periodista de datos',
              photo: pageImage(SEMINAR, 'marisol-tuy'),
            },
            {
              name: 'Ing. Rodrigo Sic',
              role: 'Especialista en ingeniería de tránsito',
              photo: pageImage(SEMINAR, 'rodrigo-sic'),
            },
            {
              name: 'Dra. Elena Cumes',
              role: 'Médica de emergencias',
              photo: pageImage(SEMINAR, 'elena-cumes'),
            },
            {
              name: 'Lic. Fernando Yool',
              role: 'Comunicador social',
              photo: pageImage(SEMINAR, 'fernando-yool'),
            },
          ],
          downloads: [
            { title: 'Material del taller (PDF)', file: demoMedia(SEMINAR_MATERIAL_FILE) },
          ],
        },
      },
    },
    {
      path: LANDING_PATHS.telethon,
      producer: 'culturaViva',
      fullname: 'Maratón Corazón de Maíz',
      subtitle: 'Veinticuatro horas por las escuelas rurales',
      description:
        'Una transmisión solidaria de veinticuatro horas con música, historias y invitados para equipar escuelas rurales de Alta Verapaz. Cada aporte incluye un código para ver la transmisión.',
      importantInfo:
        'Tu DPI se pide al comprar para que puedas consultar tus códigos después. Lo recaudado se entrega a los comités de padres de familia.',
      showDate: hourFrom(now, -2),
      ...ONLINE_VENUE,
      status: 'LIVE',
      paid: true,
      tags: ['solidaridad', 'en vivo', 'educación'],
      genre: 'Maratón solidario',
      icon: 'music',
      videoUrl: VIDEO.live,
      settings: {
        player: 'generic',
        duration: 24,
        chat_visible: true,
        custom_fields: {
          fields: [{ key: 'dpi', label: 'DPI', type: 'text', required: true }],
        },
        landing: {
          template: 'telethon',
          headline: 'Tu aporte equipa una escuela',
          intro:
            'Aporta en línea, consulta con tu DPI los códigos de tus aportes y entra a la transmisión.',
        },
      },
      tickets: [
        {
          code: 'APORTE',
          fullname: 'Aporte solidario',
          description: 'Incluye un código para ver la transmisión completa.',
          type: 'ONLINE',
          price: 5000,
          priceUsd: 700,
          paymentTypes: ['CREDIT_CARD'],
          capacity: 10000,
        },
      ],
    },
    {
      path: LANDING_PATHS.album,
      producer: 'altiplano',
      fullname: 'Cantos de Barro',
      subtitle: 'Ensamble Nube de Cacao · Álbum de descarga gratuita',
      description:
        'Diez piezas cortas para marimba de tecomates y flauta de caña, grabadas en una casa de adobe de Totonicapán. El ensamble regala el álbum completo.',
      importantInfo: 'Descarga gratuita: cada pista por separado o el álbum completo en un zip.',
      showDate: guatemalaTime(now, -3, 19),
      ...ONLINE_VENUE,
      status: 'ACTIVE',
      paid: false,
      tags: ['música', 'álbum', 'descarga'],
      genre: 'Música tradicional',
      icon: 'music',
      settings: {
        duration: 720,
        landing: {
          template: 'album',
          headline: 'Descarga gratis Cantos de Barro',
          intro: 'Elige una pista o descarga el álbum completo. Compártelo con quien quieras.',
          downloads: ALBUM_TRACKS.map((track, index) => ({
            title: `${index + 1}. ${track.title}`,
            file: demoMedia(albumTrackFile(index)),
          })),
          zip: { title: 'Álbum completo (zip)', file: demoMedia(ALBUM_ZIP_FILE) },
        },
      },
    },
  ];
}

/** The producer page: pins `featured` (show ids) above the producer's list. */
export function producerLanding(now: Date, featured: string[]): ShowSpec {
  return {
    path: LANDING_PATHS.producer,
    producer: 'culturaViva',
    fullname: 'Cultura Viva GT',
    subtitle: 'Todos los eventos de la productora',
    description:
      'Cultura Viva GT organiza talleres, seminarios, muestras de cine y encuentros en todo el país. Aquí están todos sus eventos a la venta.',
    importantInfo: 'Elige un evento para ver sus boletos.',
    showDate: guatemalaTime(now, 30, 9),
    ...ONLINE_VENUE,
    status: 'ACTIVE',
    paid: false,
    // A page, not an event: it does not list itself in the catalogue.
    visible: false,
    tags: ['productora'],
    icon: 'talk',
    settings: {
      landing: {
        template: 'producer',
        headline: 'Eventos de Cultura Viva GT',
        intro:
          'Cine, talleres y seminarios para todo público. Selecciona uno para ver sus boletos.',
        featured,
      },
    },
  };
}
