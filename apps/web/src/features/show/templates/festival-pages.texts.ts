/**
 * Spanish texts of the festival, film and event templates (002 §2.8, §8; decision 0039).
 * Quoted texts are the specifications' own; the rest is ours.
 */
export const festivalTexts = {
  /** 002 §8 "Region restricted", said in both languages as the specification writes it. */
  region: {
    es: 'Este contenido esta restringido para tu región',
    en: 'This content is restricted for your region',
  },
  poster: (title: string) => `Póster de ${title}`,

  festival: {
    loading: 'Cargando las películas…',
    filmsTitle: 'Películas',
    empty: 'Aún no hay películas publicadas en este festival.',
  },

  film: {
    unavailableTitle: 'Esta película ya no está disponible',
    unavailableText: 'Las funciones de esta película terminaron.',
    backTo: (festival: string) => `Volver a ${festival}`,
    loading: 'Cargando tu boleto…',
    credits: {
      year: 'Año',
      duration: 'Duración',
      rated: 'Clasificación',
      language: 'Idioma',
      subtitles: 'Subtítulos',
      genre: 'Género',
      director: 'Dirección',
      writer: 'Guion',
      producer: 'Producción',
      cast: 'Reparto',
    },
    trailerTitle: 'Tráiler',
    trailerLabel: (title: string) => `Tráiler de ${title}`,
    /** The text alternative of the trailer: a browser without video gets the file. */
    trailerFallback: 'Tu navegador no reproduce este video.',
    trailerDownload: 'Descargar el tráiler',
    ticketTitle: 'Tu boleto',
    ticketCode: 'Código',
    activated: 'ACTIVADO',
    /** 002 §4 "Without one it shows a note that free access requires requesting a ticket". */
    freeNote: 'El acceso a esta película es gratuito, pero debes solicitar tu boleto para verla.',
    paidNote:
      'Compra tu boleto para ver esta película. Si ya lo activaste, inicia sesión para verlo aquí.',
    watch: 'Ver película',
    otherFilms: 'Otras películas',
    otherFilmsLoading: 'Cargando otras películas…',
  },

  lineup: {
    loading: 'Cargando los eventos…',
    title: 'Eventos',
    empty: 'Aún no hay eventos publicados.',
  },

  cast: {
    title: 'Elenco',
    empty: 'Aún no hay biografías publicadas.',
  },

  gallery: {
    videoTitle: 'Video',
    videoLabel: (show: string) => `Video promocional de ${show}`,
    videoFallback: 'Tu navegador no reproduce este video.',
    videoLink: 'Ver el video',
    galleryTitle: 'Galería',
    watch: 'Ver transmisión',
  },

  seminar: {
    videoTitle: 'Presentación',
    speakersTitle: 'Conferencistas',
    materialTitle: 'Material del taller',
    /** 002 §2.8 seminar player footer: "Descargar material del taller". */
    download: 'Descargar material del taller',
    enter: 'Entrar al seminario',
  },

  telethon: {
    buyTitle: 'Comprar en línea',
    lookupTitle: 'Consulta tus códigos',
    lookupText: 'Escribe tu DPI para ver los códigos de acceso de tu aporte.',
    dpiLabel: 'DPI',
    dpiHint: '13 dígitos, sin espacios ni guiones.',
    submit: 'Consultar',
    checking: 'Consultando…',
    dpiLength: (typed: number) =>
      typed === 0
        ? 'Escribe tu DPI (13 dígitos).'
        : `El DPI tiene 13 dígitos; escribiste ${typed}.`,
    dpiInvalid: 'Revisa tu DPI: son 13 dígitos, solo números, sin espacios ni guiones.',
    /** 002 §8, exactly as written there. */
    noCodes:
      'No hemos encontrado códigos para este DPI. Es posible que tu aporte aún no haya sido cargado al sistema. Por favor vuelve a internar más tarde.',
    found: (count: number) =>
      count === 1 ? 'Encontramos 1 código.' : `Encontramos ${count} códigos.`,
    codesTitle: 'Tus códigos',
    activated: 'ACTIVADO',
    activate: 'Activar',
    activateCode: (code: string) => `Activar ${code}`,
    /** Decision 0060: whoever is not signed in as the buyer sees the codes masked. */
    maskedCode: (code: string) => `Código oculto que empieza con ${code.replace(/•/g, '')}`,
    maskedNote:
      'Por seguridad mostramos solo el inicio de cada código. Te los enviamos completos al correo con el que se hizo la compra; si la compra es tuya, también puedes iniciar sesión con ese correo para verlos aquí.',
    sendCodes: 'Enviarme mis códigos',
    sendingCodes: 'Enviando…',
    enter: 'Entrar',
  },

  album: {
    tracksTitle: 'Canciones',
    download: 'Descargar',
    /** The zip's link; its title (the album's name) follows in the accessible name. */
    downloadAll: 'Descargar álbum completo',
    empty: 'Aún no hay canciones para descargar.',
  },
} as const;
