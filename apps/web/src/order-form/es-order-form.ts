/**
 * Texts shared by the forms that turn a choice of tickets into an order without the card
 * checkout: the deposit form and the free registration (000 §2, §5, §8). Quoted texts are
 * the specifications' own.
 */
export const esOrderForm = {
  tickets: {
    title: 'Elige tus boletos',
    label: 'Boletos disponibles',
    free: 'Gratis',
    quantityOf: (name: string) => `Cantidad de ${name}`,
    fee: (amount: string) => `+ ${amount} de cargo por servicio`,
    quantityDiscount: (quantityMin: number, price: string) =>
      `Desde ${quantityMin} boletos: ${price} cada uno`,
  },
  totals: {
    title: 'Resumen',
    subtotal: 'Subtotal',
    discount: 'Descuento',
    total: 'Total',
    quantity: (quantity: number) => `× ${quantity}`,
  },
  buyer: {
    title: 'Tus datos',
    firstname: 'Nombre',
    lastname: 'Apellido',
    email: 'Correo electrónico',
    emailConfirm: 'Confirma tu correo electrónico',
    emailMismatch: 'Los correos electrónicos no coinciden',
    phone: 'Teléfono',
    address: 'Dirección',
    city: 'Ciudad',
    state: 'Departamento o estado',
    country: 'País',
    zip: 'Código postal',
    nit: 'NIT',
    nitHint: 'Escribe tu NIT o C/F si no necesitas factura con NIT.',
    optional: (label: string) => `${label} (opcional)`,
    required: 'Este campo es obligatorio',
    saveInfo: 'Guardar estos datos en mi perfil',
  },
  customFields: {
    title: 'Información adicional',
    choose: 'Elige una opción',
  },
  cartNotice:
    'Tu carrito tiene boletos reservados. Al enviar este formulario se liberarán y tu orden tendrá solo los boletos que elijas aquí.',
  processing: 'Procesando…',
} as const;
