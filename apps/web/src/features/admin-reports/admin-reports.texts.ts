import type { ReportPaymentType } from '@taquilla/contract';

/** The sales report's words (issue 11). */
export const adminReportsTexts = {
  section: 'Reporte de ventas',
  loading: 'Cargando el reporte…',
  downloadCsv: 'Descargar CSV',
  downloadCsvLabel: (scope: string) => `Descargar CSV de las ventas de ${scope}`,
  filters: 'Filtrar el reporte',
  date: 'Función',
  allDates: 'Todas las funciones',
  onlyApproved:
    'Solo cuentan como ventas las órdenes aprobadas; los depósitos por revisar y las órdenes pendientes aparecen como vendidos en el inventario, no en los importes.',
  // "… a las 9:11 a. m." already ends the sentence.
  generatedAt: (when: string) => `Cifras al ${when}${when.endsWith('.') ? '' : '.'}`,
  noSales: 'Todavía no hay ventas aprobadas.',
  totals: {
    title: 'Totales',
    currency: (currency: string) => (currency === 'USD' ? 'En dólares' : 'En quetzales'),
    orders: 'Órdenes',
    places: 'Lugares vendidos',
    gross: 'Ventas brutas',
    fees: 'Cargos por servicio',
    discounts: 'Descuentos',
    net: 'Total cobrado',
  },
  byDay: {
    title: 'Ventas por día',
    chartTitle: 'Lugares vendidos por día',
    chartSummary: (days: number, best: string, places: number) =>
      `${days} ${days === 1 ? 'día' : 'días'} con ventas; el mejor fue ${best} con ${places} ${
        places === 1 ? 'lugar' : 'lugares'
      }. Los datos completos están en la tabla siguiente.`,
    table: 'Ventas por día (hora de Guatemala)',
    day: 'Día',
  },
  byTicket: {
    title: 'Por boleto',
    table: 'Ventas e inventario por boleto',
    ticket: 'Boleto',
    capacity: 'Capacidad',
    sold: 'Vendidos',
    held: 'En carritos',
    left: 'Disponibles',
    places: 'Lugares aprobados',
    amount: 'Total cobrado',
    noTickets: 'Este evento no tiene boletos.',
  },
  byPaymentType: {
    title: 'Por forma de pago',
    table: 'Ventas por forma de pago',
    paymentType: 'Forma de pago',
  },
  columns: {
    currency: 'Moneda',
    orders: 'Órdenes',
    places: 'Lugares',
    gross: 'Bruto',
    fees: 'Cargos',
    discounts: 'Descuentos',
    net: 'Total cobrado',
  },
  attendance: {
    title: 'Asistencia',
    issued: 'Códigos emitidos',
    checkedIn: 'Ingresaron',
    activated: 'Activados en línea',
    share: (part: number, whole: number) =>
      whole === 0 ? '—' : `${Math.round((part / whole) * 100)} %`,
  },
  paymentTypes: {
    CREDIT_CARD: 'Tarjeta de crédito o débito',
    BANK_DEPOSIT: 'Depósito bancario',
    ACCOUNT_BANK_DEPOSIT: 'Transferencia bancaria',
    REGISTRATION: 'Registro gratuito',
    CODE: 'Código de acceso',
  } satisfies Record<ReportPaymentType, string>,
} as const;
