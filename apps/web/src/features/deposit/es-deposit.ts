/**
 * The deposit form's Spanish texts (000 §2 "Deposit form (quick buy)", §5, §8). Quoted
 * texts are the specifications' own.
 */
export const esDeposit = {
  title: 'Compra con depósito o transferencia',
  pageTitle: (show: string) => `Depósito o transferencia · ${show}`,
  intro:
    'Elige tus boletos, deposita o transfiere el total a la cuenta indicada y sube la foto de tu comprobante.',
  noTickets: 'No hay tickets disponibles para depósito o transferencia en este evento',
  bank: {
    title: 'Datos para tu depósito',
    hint: 'Deposita o transfiere el total de tu orden a esta cuenta.',
    hintWithTotal: (total: string) =>
      `Deposita o transfiere ${total}, el total de tu orden, a esta cuenta.`,
    none: 'El organizador te indicará la cuenta para tu depósito.',
  },
  proof: {
    title: 'Comprobante de pago',
    label: 'Foto de tu comprobante',
    hint: 'Una imagen JPG o PNG de hasta 5 MB.',
    choose: 'Elegir imagen',
    change: 'Cambiar imagen',
    uploading: (percent: number) => `Subiendo comprobante… ${percent} %`,
    progressLabel: 'Progreso de la carga del comprobante',
    uploaded: (name: string) => `Comprobante cargado: ${name}`,
    preview: 'Vista previa del comprobante',
    invalidType: 'El comprobante debe ser una imagen JPG o PNG',
    tooLarge: 'El archivo es demasiado grande: el máximo es 5 MB',
    failed: 'No fue posible subir el comprobante. Por favor intenta de nuevo.',
    /** Beside "Registrar Pago" when the order refused the proof; the reason is at the proof. */
    refused: 'No fue posible realizar la compra. Revisa tu comprobante de pago.',
  },
  reference: 'Número de boleta o referencia',
  promo: {
    applied: 'Código promocional aplicado exitosamente!',
    failed: 'Error al aplicar el código promocional',
    remove: 'Quitar',
    removeLabel: (code: string) => `Quitar el código ${code}`,
    discount: (code: string, amount: string) => `${code}: −${amount}`,
  },
  payArea: 'Tu pago',
  submit: 'Registrar Pago',
  processing: 'Registrando tu pago…',
  failed: 'No fue posible realizar la compra',
  missing: {
    intro: 'Para registrar tu pago falta:',
    tickets: 'elegir tus boletos',
    proof: 'subir tu comprobante',
    buyer: 'completar tus datos',
    email: 'confirmar tu correo electrónico',
    nit: 'un NIT válido o C/F',
    customFields: 'completar la información adicional',
  },
  success: {
    title: 'Registramos tu pago',
    text: 'Registramos tu pago y tu comprobante. El organizador verificará tu depósito en un máximo de 48 horas hábiles.',
    next: 'Cuando lo confirme, te enviaremos tus boletos por correo electrónico. Puedes ver el estado de tu orden en cualquier momento.',
    order: (number: number) => `Orden #${number}`,
    orderLink: 'Ver mi orden',
    showLink: 'Volver al evento',
  },
} as const;
