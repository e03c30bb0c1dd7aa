/**
 * The free registration's Spanish texts (000 §2 "Free registration form", §5, §8).
 * Quoted texts are the specifications' own.
 */
export const esRegistration = {
  free: 'Gratis',
  noTickets: 'No hay tickets disponibles para registro en este evento',
  submitArea: 'Tu registro',
  submit: 'Completar Registro',
  processing: 'Completando tu registro…',
  failed: 'No fue posible realizar el registro',
  missing: {
    intro: 'Para completar tu registro falta:',
    tickets: 'elegir tus boletos',
    buyer: 'completar tus datos',
    email: 'confirmar tu correo electrónico',
    nit: 'un NIT válido o C/F',
    customFields: 'completar la información adicional',
  },
  cart: {
    title: 'Completar registro',
    intro: 'Completa tus datos para registrarte con los boletos de tu carrito.',
    linesLabel: 'Boletos en tu carrito',
    quantity: (quantity: number) => (quantity === 1 ? '1 boleto' : `${quantity} boletos`),
    empty: 'Tu carrito está vacío.',
    browse: 'Ver eventos',
    notFree:
      'Tu carrito tiene boletos con costo. Para obtenerlos completa tu compra desde el carrito.',
    toCart: 'Ir al carrito',
    loadFailed: 'No fue posible cargar tu carrito.',
  },
  success: {
    title: '¡Tu registro está completo!',
    text: 'Tus boletos están confirmados. Te los enviaremos por correo electrónico en unos minutos.',
    order: (number: number) => `Orden #${number}`,
    orderLink: 'Ver mi orden',
    showLink: 'Volver al evento',
  },
} as const;
