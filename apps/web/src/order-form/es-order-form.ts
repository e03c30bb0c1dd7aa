/**
 * Texts shared by the forms that turn a choice of tickets into an order: the deposit form
 * and the free registration (000 §2, §5, §8); the payment page takes the buyer fields' and
 * custom fields' labels from here too. Quoted texts are the specifications' own.
 */
export const esOrderForm = {
  tickets: {
    title: 'Elige tus boletos',
  },
  totals: {
    title: 'Resumen',
    subtotal: 'Subtotal',
    fees: 'Cargos por servicio',
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
    saveInfo: 'Guardar estos datos en mi perfil',
  },
  customFields: {
    title: 'Información adicional',
    choose: 'Elige una opción',
  },
  cartNotice:
    'Tu carrito tiene boletos reservados. Al enviar este formulario se liberarán y tu orden tendrá solo los boletos que elijas aquí.',
} as const;
