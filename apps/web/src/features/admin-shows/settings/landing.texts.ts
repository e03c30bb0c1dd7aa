import type { LandingTemplate } from '@taquilla/contract';

/** The Spanish words of the show editor's "Página del evento" group (issue 12, decision 0042). */
export const landingTexts = {
  intro:
    'Elige cómo se ve la página pública del evento y llena lo que esa página muestra. La vista previa cambia mientras escribes.',
  template: 'Plantilla de la página',
  templates: {
    show: {
      name: 'Evento (página general)',
      description: 'Boletos o registro, y «Entrar» cuando la transmisión está en vivo.',
    },
    producer: {
      name: 'Productora',
      description: 'Los eventos visibles de la productora, cada uno con «Seleccionar».',
    },
    registration: {
      name: 'Registro gratuito',
      description: 'El formulario de registro primero, para eventos sin pago.',
    },
    channel: {
      name: 'Canal',
      description: 'Los episodios del canal con su estado y su botón para ver.',
    },
    series: {
      name: 'Serie',
      description: 'Los capítulos de la serie, también los ocultos de la cartelera.',
    },
    podcast: {
      name: 'Podcast (temporadas)',
      description: 'Episodios por temporada en pestañas; se abre la más reciente.',
    },
    artist: {
      name: 'Canal de artista',
      description: 'Encabezado, redes sociales, boletos y el botón para ver o activar un código.',
    },
    festival: {
      name: 'Festival de cine',
      description: 'Las películas del festival, cada una con su propia página.',
    },
    film: {
      name: 'Película',
      description: 'Póster, ficha, tráiler, boletos, otras películas y «Ver película».',
    },
    lineup: {
      name: 'Festival de comedia',
      description: 'Los shows del festival, cada uno enlazado a su página.',
    },
    cast: {
      name: 'Elenco y biografías',
      description: 'Las personas del elenco con foto, papel y biografía.',
    },
    gallery: {
      name: 'Video y galería (p. ej., Navidad)',
      description:
        'Un video promocional, una galería y el enlace para ver en vivo o la repetición.',
    },
    seminar: {
      name: 'Seminario',
      description: 'Bienvenida, video, conferencistas, reproductor con código y material.',
    },
    telethon: {
      name: 'Teletón',
      description: 'Donar en línea, buscar códigos por DPI y entrar a la transmisión.',
    },
    album: {
      name: 'Descarga de álbum',
      description: 'Canciones y un archivo .zip para descargar gratis; se cuenta cada descarga.',
    },
  } satisfies Record<LandingTemplate, { name: string; description: string }>,
  headline: 'Título de la página',
  headlineHint: 'Vacío: el nombre del evento.',
  intro_: 'Texto de bienvenida',
  promoVideo: 'Video promocional (dirección)',
  promoVideoHint:
    'Un clip público (YouTube, Vimeo o un archivo en /storage/…). No es la transmisión.',
  addressHint: 'Dirección completa (https://…) o una ruta de este sitio (/storage/…).',
  socials: {
    legend: 'Redes sociales',
    empty: 'Sin redes sociales.',
    add: 'Añadir red social',
    item: (position: number) => `Red social ${position}`,
    label: 'Nombre (Instagram, YouTube…)',
    url: 'Dirección del perfil',
  },
  gallery: {
    legend: 'Galería',
    empty: 'La galería está vacía.',
    add: 'Añadir imagen',
    item: (position: number) => `Imagen ${position}`,
    image: (position: number) => `Foto ${position}`,
    alt: 'Descripción de la imagen',
    altHint: 'Lo que muestra, para quien no la ve.',
  },
  people: {
    legend: 'Personas',
    legendCast: 'Elenco',
    legendSeminar: 'Conferencistas',
    empty: 'Sin personas.',
    add: 'Añadir persona',
    item: (position: number) => `Persona ${position}`,
    name: 'Nombre',
    role: 'Papel o cargo',
    bio: 'Biografía',
    photo: (position: number) => `Foto de la persona ${position}`,
  },
  downloads: {
    legend: 'Descargas',
    legendAlbum: 'Canciones',
    legendSeminar: 'Material',
    empty: 'Sin archivos para descargar.',
    add: 'Añadir archivo',
    item: (position: number) => `Archivo ${position}`,
    title: 'Título',
    file: 'Archivo (dirección)',
    count: (count: number) =>
      count === 1 ? '1 descarga' : `${count.toLocaleString('es-GT')} descargas`,
  },
  zip: {
    legend: 'Álbum completo (.zip)',
    title: 'Título',
    file: 'Archivo .zip (dirección)',
    hint: 'Opcional. Deja ambos vacíos si no ofreces el álbum completo.',
  },
  featured: {
    legend: 'Eventos destacados',
    hint: 'Hasta 6, arriba de la lista de la productora, en el orden en que los marques.',
    none: 'La productora no tiene otros eventos.',
    full: 'Ya marcaste 6 eventos.',
    needsSave: 'Guarda el evento para elegir sus destacados.',
  },
  unnamed: (what: string) => `${what} sin nombre`,
  hints: {
    film: 'La ficha de la película (título, año, género, clasificación, idioma, subtítulos, dirección, guion, producción, reparto y tráiler) se edita en «Ruta y página»; el póster, en «Imágenes»; la duración, en «Venta».',
    headerImages:
      'Las imágenes de encabezado (computadora y teléfono) se editan en «Reproductor y chat».',
    podcast:
      'La temporada de cada episodio se indica en su propio evento, en «Reproductor y chat».',
    registration:
      'Activa «Registro gratuito» en «Pagos»; las preguntas del formulario están en «Registro».',
    telethon:
      'Para buscar códigos por DPI, el evento debe pedirlo al comprar: añade en «Registro» una pregunta con la clave interna «dpi».',
    festival: 'Cada película se abre en la ruta del festival seguida de la ruta de la película.',
  },
  groupLink: {
    route: 'Ir a «Ruta y página»',
    images: 'Ir a «Imágenes»',
    player: 'Ir a «Reproductor y chat»',
    payments: 'Ir a «Pagos»',
    registration: 'Ir a «Registro»',
  },
  children: {
    legend: 'Contenido del canal',
    note: 'La página lista los eventos que dependen de este (su evento principal es este). Cada uno se edita por separado.',
    listLabel: 'Eventos de este canal',
    none: 'Aún no hay eventos en este canal.',
    create: 'Crear un evento dentro de este',
    open: (name: string) => `Editar «${name}»`,
    needsSave: 'Guarda el evento para poder añadirle contenido.',
    isChild: 'Este evento ya está dentro de otro, así que no puede tener eventos propios.',
  },
  preview: {
    title: 'Vista previa',
    note: 'Así se verá la página con los cambios sin guardar. Los enlaces y botones no funcionan aquí.',
    frame: 'Vista previa de la página del evento',
    loading: 'Cargando la vista previa…',
    failed: 'La vista previa no se pudo mostrar con estos datos. Revisa los campos.',
    afterCreate: 'La vista previa aparece cuando creas el evento.',
  },
} as const;
