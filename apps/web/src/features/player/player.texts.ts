/**
 * The player's Spanish texts (001 §2 screens, §5, §8; 002 §2.8 player-page shared
 * elements). Quoted texts are the specifications' own; the refusals the API answers
 * (region, code, ticket, entry too early) are shown as its `message` says them.
 */
export const playerTexts = {
  documentTitle: 'Reproductor',
  loading: 'Cargando el reproductor…',
  loadFailed: 'No fue posible cargar el reproductor.',
  backToShow: 'Ver la página del evento',
  activated: 'Tu boleto está activado. ¡Disfruta el evento!',

  codeEntry: {
    title: 'Ingresa tu código de acceso para entrar:',
    placeholder: 'código',
    submit: 'Entrar',
    checking: 'Verificando…',
    invalid: 'Código Inválido',
    signup: 'Regístrate',
  },

  cover: {
    notStarted: 'El evento aún no ha iniciado',
    unavailable: 'Este evento ya no está disponible',
    inactive: 'La transmisión de este evento no está activa',
    startsAt: 'Inicia',
    opensEarly: 'La transmisión normalmente se abre 5 minutos antes de la hora de inicio.',
  },

  ended: {
    title: 'La transmisión del evento ha terminado',
    text: 'Esperamos hayas disfrutado esta nueva experiencia de espectáculos online',
  },

  /** The ticket's order was cancelled or refunded (decision 0064); the server's text follows. */
  revoked: {
    title: 'Acceso anulado',
  },

  regionBlocked: {
    title: 'Este contenido esta restringido para tu región',
    english: 'This content is restricted for your region',
  },

  curtain: {
    label: 'Telón',
    videoLabel: 'Video mientras regresa la transmisión',
  },

  video: {
    label: 'Video del evento',
    /** The browser refused to start with sound; the viewer presses play. */
    pressPlay: 'Presiona reproducir para ver la transmisión.',
    failed: 'No fue posible cargar el video. Recarga la página para intentar de nuevo.',
  },

  language: {
    label: 'Idioma del video',
    es: 'Español',
    en: 'English',
  },

  playlist: {
    title: 'Lista de reproducción',
    live: 'EN VIVO',
    soon: 'PRÓXIMAMENTE',
    play: (title: string) => `Reproducir ${title}`,
    playing: 'Reproduciendo',
    unavailable: (title: string) => `${title}, aún no disponible`,
  },

  /** The live stream itself was interrupted (decision 0058); only `end` ends the broadcast. */
  stream: {
    reconnecting: 'Reconectando…',
    reconnectingHint: 'Se interrumpió la señal de la transmisión. Seguimos intentando.',
  },

  realtime: {
    reconnecting: 'Reconectando…',
    reconnectingHint: 'Se perdió la conexión en vivo; los avisos del evento llegarán al volver.',
    /** After the server's reason for closing the socket for a limit (decision 0063). */
    limitedHint: 'Volveremos a conectar en unos segundos; el video sigue.',
  },

  help: {
    title: 'Tips y Preguntas Frecuentes',
    tips: [
      'Revisa que tu dispositivo tenga suficiente batería o que esté conectado a la corriente.',
      'Revisa que tus bocinas o audífonos estén conectados y con volumen.',
      'Si la transmisión se congela, baja la resolución del video a 720 o 480.',
      'Si no escuchas nada, revisa que el video no esté silenciado.',
    ],
    tvTitle: '¿Cómo lo veo en mi televisor?',
    tv: [
      'ChromeCast: usa el botón de transmitir de Chrome o del video.',
      'Smart TV: abre esta misma página en el navegador de tu televisor.',
      'Apple TV: usa la duplicación de pantalla (AirPlay) de tu iPhone, iPad o Mac.',
      'Cable HDMI: conecta tu computadora al televisor.',
    ],
  },

  contact: {
    title: '¿Quieres hacer tu propio evento virtual?',
    text: 'Transmitimos conciertos, obras, conferencias y festivales, con venta de boletos y chat en vivo.',
    link: 'Solicita tu evento virtual',
  },

  footer: {
    label: 'Patrocinadores y créditos',
    presentedBy: 'Transmisión presentada por',
    geoCredit: 'IP Geolocation by DB-IP',
  },

  /** The side column, where the chat feature's panes go (decision 0026). */
  sidePane: 'Chat y encuestas',
} as const;
