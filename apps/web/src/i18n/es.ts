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
    upcoming: 'Próximos eventos',
    noUpcoming: 'Por ahora no hay eventos próximos. Vuelve pronto.',
  },

  show: {
    online: 'Online',
    soon: 'Próximamente',
    buy: 'Boletos a la venta',
    live: 'EN VIVO',
    onDemand: 'POR DEMANDA',
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
