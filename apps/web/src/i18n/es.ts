/**
 * Every Spanish text of the interface. Texts quoted by the specifications are
 * kept exactly as written there; error messages that come from the gateway are
 * shown as the API sends them (their source is the contract's ERRORS table).
 */
export const es = {
  brand: 'Taquilla',
  documentTitle: (page?: string) => (page ? `${page} · Taquilla` : 'Taquilla'),

  menu: {
    label: 'Menú principal',
    home: 'Ir al inicio',
    events: 'Eventos',
    digitalContent: 'Contenido Digital',
    help: 'Ayuda',
    publish: 'Publica tu evento',
    cart: 'Carrito',
    cartCount: (count: number) =>
      count === 1 ? '1 boleto en el carrito' : `${count} boletos en el carrito`,
    account: 'Mi cuenta',
    opensInNewTab: '(se abre en una pestaña nueva)',
  },

  footer: {
    social: 'Redes sociales',
    facebook: 'Facebook',
    instagram: 'Instagram',
    youtube: 'YouTube',
    x: 'X',
    cookies: 'Política de cookies',
    copyright: (year: number) => `© Taquilla ${year}`,
  },

  cookieBanner: {
    label: 'Aviso de cookies',
    text: 'Este sitio utiliza cookies para mejorar nuestros servicios.',
    accept: 'Aceptar',
    policyLink: 'Política de cookies',
  },

  cookiePolicy: {
    title: 'Política de cookies',
    intro:
      'Usamos cookies propias y de terceros para que el sitio funcione, recordar tus preferencias y entender cómo se utiliza. Esta tabla indica cuánto dura cada una y qué tan intrusiva es, en una escala de 1 (poco) a 3 (mucho).',
    tableCaption: 'Cookies utilizadas en este sitio',
    columns: {
      cookie: 'Cookie',
      purpose: 'Propósito',
      duration: 'Duración',
      intrusiveness: 'Nivel de intrusividad',
    },
    intrusivenessSuffix: ' de 3',
    levelsTitle: 'Niveles de intrusividad',
    levels: [
      'Nivel 1: necesaria para el funcionamiento del sitio; no permite identificarte.',
      'Nivel 2: guarda información sobre tu uso o ubicación aproximada.',
      'Nivel 3: permite reconocerte entre visitas con fines de análisis.',
    ],
    manage:
      'Puedes borrar o bloquear las cookies desde la configuración de tu navegador. Si bloqueas las cookies de sesión no podrás iniciar sesión ni comprar boletos.',
    rows: [
      {
        name: 'Geolocalización',
        purpose: 'Recuerda tu país para mostrar los precios y contenidos disponibles en tu región.',
        duration: '10 minutos',
        intrusiveness: 2,
      },
      {
        name: 'Sesión',
        purpose: 'Mantiene tu sesión iniciada y tu carrito de compras.',
        duration: '10 minutos',
        intrusiveness: 1,
      },
      {
        name: 'Consentimiento',
        purpose: 'Recuerda que aceptaste el uso de cookies.',
        duration: '10 minutos',
        intrusiveness: 1,
      },
      {
        name: '_ga',
        purpose: 'Google Analytics: distingue a los visitantes para generar estadísticas de uso.',
        duration: '2 años',
        intrusiveness: 3,
      },
      {
        name: '_gid',
        purpose: 'Google Analytics: distingue a los visitantes durante el día.',
        duration: '1 día',
        intrusiveness: 2,
      },
      {
        name: '_gat',
        purpose: 'Google Analytics: limita la frecuencia de las solicitudes.',
        duration: '1 minuto',
        intrusiveness: 1,
      },
    ],
  },

  home: {
    title: 'Eventos',
    billboardLabel: 'Evento destacado',
    play: 'Play',
    moreInfo: 'Más información',
    thisWeek: 'Esta semana',
    upcoming: 'Próximos eventos',
    digital: 'Contenido digital',
    past: 'Eventos pasados',
    seeAllPast: 'Ver todos',
    noUpcoming: 'Por ahora no hay eventos próximos. Vuelve pronto.',
    search: {
      label: 'Buscar eventos por nombre o lugar',
      placeholder: 'Busca un evento o un lugar',
      resultsLabel: 'Eventos encontrados',
      failed: 'No fue posible buscar en este momento.',
      noResults: (term: string) => `No encontramos eventos para «${term}».`,
      count: (count: number) =>
        count === 1 ? '1 evento encontrado' : `${count} eventos encontrados`,
    },
    tags: {
      label: 'Filtrar por etiqueta',
      clear: 'Quitar filtros',
      more: (count: number) => `Más etiquetas (${count})`,
      fewer: 'Menos etiquetas',
      noMatches: 'Ningún evento coincide con las etiquetas elegidas.',
    },
  },

  pastShows: {
    title: 'Eventos pasados',
    empty: 'Aún no hay eventos pasados.',
  },

  show: {
    online: 'Online',
    soon: 'Próximamente',
    buy: 'Boletos a la venta',
    live: 'EN VIVO',
    onDemand: 'POR DEMANDA',
  },

  showPage: {
    loadingTitle: 'Evento',
    playShow: (name: string) => `Ver ${name}`,
    tags: 'Etiquetas',
    date: 'Fecha',
    time: 'Hora',
    place: 'Lugar',
    address: 'Dirección',
    enter: 'Entrar',
    addToCalendar: 'Agregar a mi calendario',
    salesSoon: 'Los boletos saldrán a la venta muy pronto.',
    salesClosed: 'La venta de boletos no está disponible para este evento.',
    cancelled: 'Este evento fue cancelado.',
    about: 'Acerca del evento',
    importantInfo: 'Información importante',
    prices: 'Boletos',
  },

  purchase: {
    buyTitle: 'Comprar',
    registerTitle: 'Regístrate',
    free: 'Gratis',
    methods: {
      legend: 'Método de pago',
      deposit: 'Depósito o transferencia',
      card: 'Tarjeta',
    },
    noMethods: 'Este evento no tiene métodos de pago disponibles en este momento.',
    dates: {
      legend: 'Elige la función',
      hint: 'Elige una función para ver los boletos disponibles.',
      none: 'No hay funciones disponibles para este evento.',
    },
    ticketsLabel: 'Boletos disponibles',
    noCardTickets: 'No hay boletos disponibles para este evento.',
    noDepositTickets: 'No hay tickets disponibles para depósito o transferencia en este evento',
    noRegistrationTickets: 'No hay tickets disponibles para registro en este evento',
    depositHint:
      'Paga con depósito o transferencia bancaria y sube la foto de tu comprobante en el formulario de compra.',
    depositLink: 'Ir al formulario de depósito o transferencia',
    quantityOf: (name: string) => `Cantidad de ${name}`,
    fee: (amount: string) => `+ ${amount} de cargo por servicio`,
    quantityDiscount: (quantityMin: number, price: string) =>
      `Desde ${quantityMin} boletos: ${price} cada uno`,
    bundle: (items: readonly string[]) => `Incluye: ${items.join(', ')}`,
  },

  summary: {
    title: 'Resumen de tu orden',
    empty: 'Aún no has elegido boletos.',
    linesLabel: 'Boletos elegidos',
    quantity: (quantity: number) => `× ${quantity}`,
    quantityDiscount: (amount: string) => `Descuento por cantidad: −${amount}`,
    seatDetail: (section: string, seat: string) => `${section} · Asiento ${seat}`,
    subtotal: 'Subtotal',
    fees: 'Cargos por servicio',
    total: 'Total',
    promo: {
      label: 'Código promocional',
      apply: 'Aplicar',
      pending: 'aún no ha sido validado; su descuento no está incluido en el total.',
      remove: 'Quitar código',
    },
  },

  seatMap: {
    title: 'Elige tus asientos',
    hint: 'Elige una sección del mapa para ver sus asientos.',
    stage: 'Escenario',
    section: (name: string, available: number) =>
      available === 0 ? `${name}, agotado` : `${name}, ${available} disponibles`,
    availableCount: (count: number) => (count === 1 ? '1 disponible' : `${count} disponibles`),
    chosenCount: (count: number) => (count === 1 ? '1 elegido' : `${count} elegidos`),
    soldOut: 'AGOTADOS',
    noPrice: 'Precio no disponible',
    noMap: 'El mapa de asientos de este evento no está disponible.',
    door: (door: string) => `Ingreso por ${door}`,
    seatsOf: (section: string) => `Asientos de ${section}`,
    seat: (name: string, state: string) => `Asiento ${name}, ${state}`,
    states: {
      available: 'disponible',
      reserved: 'seleccionado',
      unavailable: 'no disponible',
      waiting: 'procesando',
    },
    stateText: {
      available: 'Disponible',
      reserved: 'Seleccionado',
      unavailable: 'No disponible',
      waiting: 'Procesando…',
    },
    legendLabel: 'Estados de los asientos',
    legend: {
      available: 'Disponible',
      reserved: 'Seleccionado',
      unavailable: 'No disponible',
    },
    tooltip: {
      section: 'Sección',
      row: 'Fila',
      seat: 'Asiento',
      price: 'Precio',
    },
    openAvailable: (count: number) =>
      count === 1 ? '1 lugar disponible' : `${count} lugares disponibles`,
    openQuantity: (section: string) => `Cantidad de lugares en ${section}`,
    unsupported: 'Tipo de sección no soportado',
  },

  status: {
    loading: 'Cargando…',
    retry: 'Reintentar',
    loadFailed: 'No fue posible cargar esta información.',
  },

  errors: {
    network: 'No fue posible conectar con el servidor. Revisa tu conexión e intenta de nuevo.',
    unexpected: 'Ocurrió un error inesperado. Por favor intenta de nuevo más tarde.',
    invalidResponse: 'El servidor respondió con datos inesperados. Por favor intenta de nuevo.',
    pageCrashed: 'Algo salió mal al mostrar esta página.',
    reload: 'Recargar la página',
  },

  notFound: {
    title: 'Página no disponible',
    text: 'La página que buscas no está disponible',
    backToEvents: 'Ir a Eventos',
  },
} as const;
