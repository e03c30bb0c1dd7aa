import { SOLD_OUT_LABEL } from '@taquilla/domain';
import { esCart } from './es-cart';

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
    // Begins with the brand the link shows (WCAG 2.5.3).
    home: 'Taquilla, ir al inicio',
    events: 'Eventos',
    digitalContent: 'Contenido Digital',
    help: 'Ayuda',
    publish: 'Publica tu evento',
    console: 'Consola',
    cart: 'Carrito',
    cartCount: (count: number) =>
      count === 1 ? '1 boleto en el carrito' : `${count} boletos en el carrito`,
    account: 'Mi cuenta',
    accountOf: (initials: string) => `Mi cuenta: ${initials}`,
    login: 'Ingresar',
    opensInNewTab: '(se abre en una pestaña nueva)',
  },

  footer: {
    social: 'Redes sociales',
    facebook: 'Facebook',
    instagram: 'Instagram',
    youtube: 'YouTube',
    x: 'X',
    help: 'Ayuda',
    cookies: 'Política de cookies',
    copyright: (year: number) => `© Taquilla ${year}`,
  },

  cookieBanner: {
    label: 'Aviso de cookies',
    text: 'Este sitio utiliza cookies para mejorar nuestros servicios.',
    accept: 'Aceptar',
    policyLink: 'Política de cookies',
  },

  home: {
    title: 'Eventos',
    billboardLabel: 'Evento destacado',
    play: 'Play',
    /** As the server writes it in the page's head (decision 0069), so it never changes. */
    documentTitle: 'Taquilla: boletos para eventos en Guatemala',
    moreInfo: 'Más información',
    moreInfoOf: (name: string) => `sobre ${name}`,
    thisWeek: 'Esta semana',
    ongoing: 'En curso',
    more: (count: number) => `Ver más (${count})`,
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
    availableCount: (count: number) => (count === 1 ? '1 disponible' : `${count} disponibles`),
    chosenCount: (count: number) => (count === 1 ? '1 elegido' : `${count} elegidos`),
    soldOut: SOLD_OUT_LABEL,
    noPrice: 'Precio no disponible',
    noMap: 'El mapa de asientos de este evento no está disponible.',
    door: (door: string) => `Ingreso por ${door}`,
    seatsOf: (section: string) => `Asientos de ${section}`,
    /** Starts with the number the seat shows, so a voice command can name it (WCAG 2.5.3). */
    seat: (shown: string, name: string, state: string) => `${shown}, Asiento ${name}, ${state}`,
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

  cart: esCart,

  toast: {
    dismiss: 'Cerrar aviso',
  },

  form: {
    showPassword: 'Mostrar contraseña',
    hidePassword: 'Ocultar contraseña',
  },

  login: {
    title: 'Iniciar sesión',
    signupTitle: 'Crear cuenta',
    modalTitle: 'Ingresa a tu cuenta',
    closeModal: 'Cerrar',
    email: 'Correo electrónico',
    password: 'Contraseña',
    submit: 'Ingresar',
    submitting: 'Ingresando…',
    forgotPassword: '¿Olvidaste tu contraseña?',
    noAccount: '¿No tienes cuenta?',
    register: 'Regístrate',
    haveAccount: '¿Ya tienes cuenta?',
    logIn: 'Inicia sesión',
    or: 'o',
    guest: 'Continuar como invitado',
    guestHint: 'Compra sin crear una cuenta.',
    invalidCredentials: 'Usuario o contraseña inválidos',
    activeSession: 'Ya existe una sesión activa con este usuario.',
    activeSessionHint: 'Si continúas, la otra sesión se cerrará.',
    forceLogin: 'Cerrar la otra sesión y entrar',
    passwordReset: 'Tu contraseña fue restablecida. Ya puedes iniciar sesión.',
  },

  signup: {
    title: 'Crear cuenta',
    fullname: 'Nombre completo',
    email: 'Correo electrónico',
    emailConfirmation: 'Confirmar correo electrónico',
    password: 'Contraseña',
    passwordConfirmation: 'Confirmar contraseña',
    passwordHint: (minLength: number) => `Usa al menos ${minLength} caracteres.`,
    emailMismatch: 'Los correos electrónicos no coinciden.',
    passwordMismatch: 'Las contraseñas no coinciden.',
    submit: 'Crear cuenta',
    submitting: 'Creando tu cuenta…',
    userExists: 'Ya existe un usuario registrado con ese correo',
    failed: 'No fue posible procesar tu registro',
    welcome: 'Tu cuenta fue creada. Te enviamos un correo para verificar tu dirección.',
  },

  passwordRecover: {
    title: 'Recuperar contraseña',
    intro:
      'Escribe el correo de tu cuenta y te enviaremos un enlace para crear una nueva contraseña.',
    email: 'Correo electrónico',
    submit: 'Enviar solicitud',
    submitting: 'Enviando…',
    sent: 'Solicitud enviada',
    sentDetail:
      'Si existe una cuenta con ese correo, en unos minutos recibirás un enlace para crear una nueva contraseña. Revisa también tu carpeta de correo no deseado.',
    failed: 'No fue posible hacer la solicitud en este momento',
    backToLogin: 'Volver a iniciar sesión',
  },

  passwordReset: {
    title: 'Nueva contraseña',
    intro: 'Escribe tu nueva contraseña dos veces.',
    password: 'Nueva contraseña',
    passwordConfirmation: 'Confirmar nueva contraseña',
    submit: 'Cambiar contraseña',
    submitting: 'Guardando…',
    failed: 'No fue posible reestablecer la contraseña',
    requestAgain: 'Solicitar un nuevo enlace',
  },

  emailVerify: {
    title: 'Verificación de correo',
    verifying: 'Verificando tu correo…',
    verified: 'Tu correo fue verificado.',
    failed: 'No fue posible verificar tu correo. El token probablemente haya expirado.',
    logIn: 'Iniciar sesión',
    goToEvents: 'Ir a Eventos',
  },

  account: {
    userTitle: 'Mis Datos',
    userOrdersTitle: 'Mis Compras',
    title: 'Mi Cuenta',
    profileTitle: 'Mi Perfil',
    fullname: 'Nombre completo',
    email: 'Correo electrónico',
    emailReadOnly: 'El correo electrónico no se puede cambiar.',
    save: 'Guardar',
    saving: 'Guardando…',
    myPurchases: 'Mis compras',
    logout: 'Cerrar sesión',
    logoutFailed: 'No fue posible cerrar la sesión. Por favor intenta de nuevo.',
    saved: 'Tu información fue actualizada',
    saveFailed: 'No fue posible actualizar tu información',
    userCard: 'Tus datos',
    phone: 'Teléfono',
    country: 'País',
    notProvided: 'Sin registrar',
    memberSince: (monthYear: string) => `Miembro desde ${monthYear}`,
    navLabel: 'Secciones de tu cuenta',
    navOrders: 'Mis Órdenes',
    navProfile: 'Perfil',
    navTickets: 'Mis boletos',
    navLogout: 'Cerrar Sesión',
    ordersTitle: 'Mis Órdenes',
  },

  profile: {
    firstname: 'Nombre',
    lastname: 'Apellido',
    email: 'Correo electrónico',
    phone: 'Teléfono',
    country: 'País',
    save: 'Guardar cambios',
    saving: 'Guardando…',
  },

  orders: {
    number: (number: string) => `Orden #${number}`,
    total: 'Total',
    ticketCount: (count: number) => `${count} boleto(s)`,
    quantity: (quantity: number) => `× ${quantity}`,
    details: 'Ver detalles',
    detailsOf: (number: string) => `Ver detalles de la orden #${number}`,
    empty: 'Aún no has realizado ninguna compra.',
  },

  status: {
    loading: 'Cargando…',
    loadingPage: 'Cargando la página…',
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
