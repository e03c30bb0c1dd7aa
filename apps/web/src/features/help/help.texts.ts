/**
 * /help (002 §2.1 "How it works and FAQ"): how buying, activating a code and watching
 * work here, and the questions people ask. The tips are 001 §2's help box; the entry
 * advice is 002 §9 ("Advised reload and entry time: 5 minutes before the event").
 */
export type HelpLink =
  { kind: 'page'; to: string; label: string } | { kind: 'chat'; label: string };

export type HelpEntry = {
  question: string;
  answer: readonly string[];
  /** Tips shown as a list after the answer. */
  list?: readonly string[];
  link?: HelpLink;
};

export const ENTRY_ADVICE =
  'Recarga la página 5 minutos antes del evento y entra a esa hora: la transmisión abre cuando el evento inicia.';

export const helpTexts = {
  title: 'Ayuda',
  intro: 'Cómo comprar tus boletos, activar tu código y ver tus eventos en Taquilla.',
  how: {
    title: 'Cómo funciona',
    steps: [
      {
        title: 'Compra tu boleto',
        text: 'Elige el evento y tus boletos. Paga con tarjeta, con depósito bancario o, si el evento es gratuito, regístrate. Puedes comprar con tu cuenta o como invitado.',
      },
      {
        title: 'Activa tu código',
        text: 'Tus boletos llegan a tu correo electrónico, cada uno con un código de 6 letras o números. En Contenido Digital escribe el código e ingresa a tu cuenta (o créala): el boleto queda en tu cuenta.',
        link: { kind: 'page', to: '/activate', label: 'Activar un código' },
      },
      {
        title: 'Mira el evento',
        text: 'Entra desde la página del evento o desde Mis boletos con la cuenta en la que activaste tu código.',
        link: { kind: 'page', to: '/user/shows', label: 'Ver mis boletos' },
      },
    ] satisfies readonly { title: string; text: string; link?: HelpLink }[],
    adviceTitle: '¿Cuándo entrar?',
  },
  faq: {
    title: 'Preguntas frecuentes',
    entries: [
      {
        question: '¿Cuándo puedo entrar al evento?',
        answer: [
          ENTRY_ADVICE,
          'Si entras antes, verás el aviso «Aún no es posible el ingreso al evento». Si el evento queda disponible en repetición, puedes verlo después.',
        ],
      },
      {
        question: '¿Dónde llegan mis boletos?',
        answer: [
          'Al correo electrónico que escribiste al comprar, con sus códigos y su código QR para la entrada. Si no los ves, revisa la carpeta de correo no deseado.',
          'También están en Mi cuenta, en Mis Órdenes: desde el detalle de cada orden puedes reenviarlos a tu correo. Los códigos que ya activaste aparecen en Mis boletos.',
        ],
        link: { kind: 'page', to: '/account', label: 'Ir a Mis Órdenes' },
      },
      {
        question: 'Pagué con depósito bancario, ¿cuándo recibo mis boletos?',
        answer: [
          'El organizador verifica tu depósito en un máximo de 48 horas hábiles. Mientras tanto tu orden aparece como «Esperando aprobación».',
          'Cuando lo confirme, te enviaremos tus boletos por correo electrónico. Si el depósito no se puede verificar, la orden aparece como «Denegada».',
        ],
      },
      {
        question: '¿Cómo activo mi código?',
        answer: [
          'En Contenido Digital, en el menú, escribe el código de tu boleto e ingresa a tu cuenta o créala. Cada código se activa una sola vez y queda en esa cuenta.',
        ],
        link: { kind: 'page', to: '/activate', label: 'Activar un código' },
      },
      {
        question: '¿Puedo ver el evento en varios dispositivos?',
        answer: [
          'Cada código se ve en un dispositivo a la vez. Si entras desde otro dispositivo o navegador, la transmisión sigue en el nuevo y se detiene en el anterior.',
        ],
      },
      {
        question: 'La transmisión se congela o no se escucha',
        answer: ['Revisa estos puntos:'],
        list: [
          'Que tu dispositivo tenga suficiente batería o esté conectado a la corriente.',
          'Que tus bocinas o audífonos estén conectados y con volumen.',
          'Si la transmisión se congela, baja la resolución del video a 720 o 480.',
          'Si no escuchas nada, revisa que el video no esté silenciado.',
        ],
      },
      {
        question: '¿Cómo lo veo en mi televisor?',
        answer: ['Tienes varias opciones:'],
        list: [
          'ChromeCast: usa el botón de transmitir de Chrome o del video.',
          'Smart TV: abre la página del evento en el navegador de tu televisor.',
          'Apple TV: usa la duplicación de pantalla (AirPlay) de tu iPhone, iPad o Mac.',
          'Cable HDMI: conecta tu computadora al televisor.',
        ],
      },
      {
        question: '¿Qué cookies usa el sitio?',
        answer: [
          'Las que necesita para tu sesión y tu carrito, y pocas más: la política de cookies dice cuánto dura cada una.',
        ],
        link: { kind: 'page', to: '/cookies', label: 'Ver la política de cookies' },
      },
    ] satisfies readonly HelpEntry[],
  },
  contact: {
    title: '¿Necesitas más ayuda?',
    text: 'Escríbenos y te ayudamos con tu compra, tu código o la transmisión.',
    link: 'Abrir el chat de ayuda',
  },
} as const;
