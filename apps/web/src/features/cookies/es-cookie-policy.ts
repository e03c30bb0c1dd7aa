/**
 * The cookie policy page's Spanish texts (002 §2.7). Here rather than in i18n/es.ts, which
 * every page loads: only the policy page shows them (decision 0070).
 */
export const esCookiePolicy = {
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
      name: 'Sesión (sid)',
      purpose: 'Mantiene tu sesión iniciada.',
      duration: 'Hasta cerrar sesión (24 horas sin actividad)',
      intrusiveness: 1,
    },
    {
      name: 'Carrito (sessionID)',
      purpose: 'Identifica tu carrito de compras y las órdenes que hiciste como invitado.',
      duration: '30 días',
      intrusiveness: 1,
    },
    {
      name: 'Geolocalización (geo)',
      purpose:
        'Recuerda tu país y ciudad aproximados para las estadísticas del reproductor; el acceso por región lo decide el servidor.',
      duration: '45 días',
      intrusiveness: 2,
    },
    {
      name: 'Referido (referral)',
      purpose:
        'Recuerda el enlace de referido con el que llegaste, para atribuir tu compra a quien lo compartió.',
      duration: '30 días',
      intrusiveness: 2,
    },
    {
      name: 'Invitado del chat (taquilla.viewer-token, almacenamiento local)',
      purpose:
        'En un evento con contraseña y sin cuenta, te identifica en su chat y sus encuestas; solo sirve para ese evento.',
      duration: '12 horas',
      intrusiveness: 1,
    },
    {
      name: 'Consentimiento (cookie_consent)',
      purpose: 'Recuerda que aceptaste el uso de cookies.',
      duration: '150 días',
      intrusiveness: 1,
    },
    {
      name: 'Dispositivo conocido (login_device)',
      purpose:
        'Recuerda que ya iniciaste sesión en este navegador, para que puedas entrar aunque alguien esté probando contraseñas en tu cuenta desde otro lugar.',
      duration: '90 días desde tu último inicio de sesión',
      intrusiveness: 1,
    },
  ],
} as const;
