/**
 * The cart's Spanish texts (000 §2, §8): the cart page, its countdown, adding seats,
 * places and tickets from the show page, and promo codes. Quoted texts are the
 * specifications' own.
 */
export const esCart = {
  pageTitle: 'Carrito de Compras',
  // 000 §2's notice: the rule, once; the time left is the countdown's alone (issue 20).
  holdNotice:
    'Tus boletos quedan reservados 10 minutos desde que agregas el primero; el contador de arriba muestra el tiempo que te queda.',
  empty: 'Tu carrito está vacío.',
  emptyHint: 'Elige un evento y agrega tus boletos.',
  continueShopping: 'Seguir comprando',
  itemsLabel: 'Boletos en tu carrito',
  online: 'Online',
  section: (section: string) => `Sección ${section}`,
  door: (door: string) => `Ingreso por ${door}`,
  // A seat named with its row ("T38") needs no "Fila T" before it.
  seat: (row: string | null, seat: string) =>
    row && !seat.startsWith(row) ? `Fila ${row}, asiento ${seat}` : `Asiento ${seat}`,
  quantity: (quantity: number) => (quantity === 1 ? '1 boleto' : `${quantity} boletos`),
  unitPrice: (price: string) => `${price} c/u`,
  fee: (amount: string) => `+ ${amount} de cargo por servicio`,
  bundle: 'Incluye',
  bundleItem: (quantity: number, code: string) => `${quantity} × ${code}`,
  remove: 'Quitar',
  removeLabel: (title: string) => `Quitar ${title} del carrito`,
  removed: 'Los boletos fueron removidos de tu carrito',
  removeFailed: 'No fue posible remover los boletos del carrito',
  loadFailed: 'No fue posible cargar tu carrito.',
  summary: {
    title: 'Resumen de la compra',
    subtotal: 'Subtotal',
    fees: 'Cargos por servicio',
    discount: 'Descuento',
    total: 'Total',
    checkout: 'Finalizar la Compra',
    pay: 'Pagar',
    modify: 'Modificar orden',
  },
  countdown: {
    label: 'Tiempo de reserva',
    text: (time: string, count: number, total: string) =>
      `${count === 1 ? 'Tu boleto está reservado' : `Tus ${count} boletos están reservados`} por ${time} · Total ${total}`,
    goToCart: 'Ver carrito',
    expired: 'El tiempo de reserva terminó; tus boletos fueron liberados.',
  },
  add: {
    button: 'Agregar al carrito',
    goToCart: 'Ir al carrito',
    openSection: 'Agregar',
    adding: 'Agregando…',
    seatAdded: (name: string) => `El asiento ${name} fue agregado a tu carrito`,
    seatRemoved: (name: string) => `El asiento ${name} fue removido de tu carrito`,
    openAdded: (count: number, section: string) =>
      `${count} tickets en sección ${section} fueron agregados a tu carrito`,
    ticketsFailed: 'No fue posible agregar los boletos al carrito',
    seatFailed: 'No fue posible agregar el boleto al carrito',
    failed: 'No fue posible agregar al carrito',
    inCart: 'En tu carrito',
  },
  promo: {
    label: 'Código promocional',
    apply: 'Aplicar',
    remove: 'Quitar',
    removeLabel: (code: string) => `Quitar el código ${code}`,
    applied: 'Código promocional aplicado exitosamente!',
    removeFailed: 'Error al remover el código promocional',
    applyFailed: 'Error al aplicar el código promocional',
    percent: (value: number) => `${value} %`,
    pendingNote: 'Se aplicará al agregar tus boletos al carrito.',
  },
} as const;
