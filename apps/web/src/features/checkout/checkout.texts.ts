/**
 * The payment page's Spanish texts (000 §2 Cart and checkout, §3 Buyer form fields, §4
 * Card payment, §5 Card form, §8). Quoted texts are the specifications' own; the card
 * and NIT field messages come from @taquilla/domain, where the API checks them too.
 */
export const checkoutTexts = {
  title: 'Pagar Orden',
  guestTitle: 'Pagar Orden (Invitado)',
  itemsTitle: 'Tu orden',
  formLabel: 'Datos de pago',
  loading: 'Cargando tu orden…',
  loadFailed: 'No fue posible cargar tu carrito.',
  payHint: 'Completa tus datos y los de tu tarjeta para habilitar el pago.',
  expired: 'El tiempo de reserva terminó; tus boletos fueron liberados.',

  /** The buyer fields' own words here; the other labels are the order forms' (es-order-form). */
  buyer: {
    legend: 'Datos del comprador',
    emailConfirm: 'Confirmar correo electrónico',
    emailHint: 'Aquí te enviaremos tus boletos.',
    nitHint: 'Escribe C/F si no necesitas factura a tu nombre.',
    saveInfo: 'Guardar mis datos en mi perfil',
  },

  card: {
    legend: 'Datos de la tarjeta',
    name: 'Nombre en la tarjeta',
    number: 'Número de la tarjeta',
    brandPrefix: 'Tarjeta',
    expiry: 'Fecha de expiración (MM/AA)',
    cvv: 'Código de seguridad (CVV)',
    cvvHint: (length: number) => `${length} dígitos, al reverso de la tarjeta.`,
    secure: 'Tus datos de tarjeta se envían cifrados y no se guardan.',
    testCards: 'Tarjetas de prueba',
    useTestCard: (number: string) => `Usar la tarjeta ${number}`,
    /** Stripe Elements: one field with the number, the expiry and the CVV. */
    element: 'Tarjeta (número, expiración y CVV)',
    elementLoading: 'Cargando el formulario de pago seguro…',
    elementFailed:
      'No fue posible cargar el formulario de pago seguro. Revisa tu conexión e intenta de nuevo.',
    secureStripe:
      'Los datos de tu tarjeta van directo al procesador de pagos (Stripe) y no pasan por nuestros servidores.',
    unavailable: 'El pago con tarjeta no está disponible en este momento. Intenta más tarde.',
    configFailed: 'No fue posible cargar el formulario de la tarjeta.',
  },

  errors: {
    required: 'Este campo es obligatorio',
    email: 'Correo electrónico inválido',
    emailMismatch: 'Los correos electrónicos no coinciden.',
    purchaseFailed: 'No fue posible realizar la compra',
    declinedTitle: 'Tu tarjeta fue rechazada',
    cardTitle: 'Revisa los datos de tu tarjeta',
  },

  processing: 'Procesando tu pago…',
  processingHint: 'No cierres ni recargues esta página.',

  threeDs: {
    title: 'Verificación 3-D Secure',
    intro: 'Tu banco pide confirmar este pago. Completa la verificación para terminar tu compra.',
    frameTitle: 'Página de verificación de tu banco',
    close: 'Cerrar la verificación',
    hidden: 'Debes completar la verificación 3-D Secure de tu banco para terminar tu compra.',
    reopen: 'Continuar la verificación',
    waiting: 'Esperando la respuesta de tu banco…',
  },
} as const;

/** How the page names the card brand it detected (000 §5: visa, mastercard, amex). */
export const CARD_BRAND_NAMES = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
} as const;
