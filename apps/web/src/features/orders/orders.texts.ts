/**
 * The order page's Spanish texts (000 §2 Order detail, §4 Order page messages, §8
 * Resend, §9). Quoted texts are the specifications' own; the status badges come from
 * @taquilla/domain (orderStatusLabel).
 */
export const orderTexts = {
  pageTitle: 'Tu orden',
  loading: 'Cargando tu orden…',
  loadFailed: 'No fue posible cargar tu orden.',
  number: (number: string) => `Orden #${number}`,
  createdAt: 'Fecha de compra',
  statusLabel: 'Estado de la orden',

  banner: {
    success: '¡Gracias por tu compra!',
    successDetail: (number: string) => `Tu orden #${number} fue registrada.`,
    failed: 'La compra no ha sido exitosa.',
  },

  messages: {
    approved: 'Tu compra fue exitosa.',
    approvedDetail: (email: string) => `Tus boletos serán enviados a tu correo ${email}.`,
    waiting: 'Estamos verificando tu depósito.',
    /** The deposit under review (decision 0054): what happens next, in order. */
    waitingNext: 'Qué sigue',
    waitingSteps: (email: string) => [
      'Recibimos tu comprobante y lo estamos revisando. Puede tardar hasta 48 horas hábiles; tus lugares quedan apartados mientras tanto.',
      `Cuando lo confirmemos, te enviaremos tus boletos con sus códigos QR a ${email} y también aparecerán en esta página.`,
      'Si no podemos confirmarlo, te escribiremos a ese correo con el motivo.',
    ],
    failed: 'La compra no ha sido exitosa.',
  },

  payment: {
    title: 'Detalles del pago',
    method: 'Método de pago',
    card: 'Tarjeta',
    authorization: 'Autorización',
    reference: 'Referencia',
    email: 'Correo de la orden',
    bankResponse: 'Respuesta del banco',
    depositReview: 'Revisión del depósito',
  },

  methods: {
    CREDIT_CARD: 'Tarjeta de crédito o débito',
    BANK_DEPOSIT: 'Depósito bancario',
    ACCOUNT_BANK_DEPOSIT: 'Transferencia bancaria',
    REGISTRATION: 'Registro gratuito',
  },

  brands: {
    visa: 'Visa',
    mastercard: 'Mastercard',
    amex: 'American Express',
  } as Readonly<Record<string, string>>,

  items: {
    title: 'Tus boletos',
    listLabel: 'Boletos de la orden',
    quantity: (quantity: number) => (quantity === 1 ? '1 boleto' : `${quantity} boletos`),
    section: (section: string) => `Sección ${section}`,
    seat: (row: string | null, seat: string) =>
      row && !seat.startsWith(row) ? `Fila ${row}, asiento ${seat}` : `Asiento ${seat}`,
    door: (door: string) => `Ingreso por ${door}`,
    codesLabel: (show: string) => `Códigos de ${show}`,
    qrAlt: (code: string) => `Código QR del boleto ${code}`,
    generating: 'Tus códigos aún se están generando',
    depositPending: 'Tus códigos aparecerán aquí cuando confirmemos tu depósito.',
    reload: 'Recargar',
    reloading: 'Buscando tus códigos…',
  },

  totals: {
    title: 'Resumen',
    subtotal: 'Subtotal',
    fees: 'Cargos por servicio',
    discount: 'Descuento',
    promo: (code: string) => `Código ${code}`,
    total: 'Total',
  },

  info: {
    title: 'Información importante',
    items: [
      'Llega al lugar del evento 30 minutos antes de la hora de inicio.',
      'Presenta el código QR de cada boleto en el ingreso, impreso o en tu teléfono.',
      'Todas las compras son finales; solo se reembolsan si el evento es cancelado.',
    ],
  },

  actions: {
    label: 'Acciones de la orden',
    print: 'Imprimir',
    resend: 'Reenviar boletos',
    resending: 'Reenviando…',
    resent: 'Tus boletos fueron reenviados al correo registrado en la orden',
    resendFailed: 'No fue posible reenviar tus boletos',
    support: 'Contactar a soporte',
    account: 'Ir a Mi Cuenta',
  },

  prompt: {
    title: 'Inicia sesión para ver tu orden',
    /** `email` arrives masked (a•••@gmail.com, decision 0066). */
    text: (email: string) =>
      `Inicia sesión con ${email} para ver los detalles de esta orden y tus boletos. Por tu privacidad, ocultamos parte del correo.`,
    login: 'Iniciar sesión',
  },
} as const;
