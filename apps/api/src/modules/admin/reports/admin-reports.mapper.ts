import type { ReportPaymentType, SalesFigures, SalesReport } from '@taquilla/contract';
import { fromMinorUnits } from '@taquilla/domain';
import type { FiguresRow, SalesLineRow, SalesReportRows } from './admin-reports.repo.ts';

type ShowRow = {
  id: string;
  fullname: string;
  showDate: Date;
  status: SalesReport['show']['status'];
};

const toShow = (row: ShowRow): SalesReport['show'] => ({
  _id: row.id,
  fullname: row.fullname,
  show_date: row.showDate.toISOString(),
  status: row.status,
});

/** Centavos → the wire's decimal units; net is what buyers paid (gross + fees − discounts). */
export function toFigures(row: FiguresRow): SalesFigures {
  return {
    currency: row.currency,
    orders: row.orders,
    places: row.places,
    gross: fromMinorUnits(row.gross),
    fees: fromMinorUnits(row.fees),
    discounts: fromMinorUnits(row.discounts),
    net: fromMinorUnits(row.gross + row.fees - row.discounts),
  };
}

export function toSalesReport(input: {
  show: ShowRow;
  dates: ShowRow[];
  dateUid: string | null;
  now: Date;
  rows: SalesReportRows;
}): SalesReport {
  const { rows } = input;
  const salesOf = new Map<string, FiguresRow[]>();
  for (const row of rows.byTicket) {
    salesOf.set(row.ticket_id, [...(salesOf.get(row.ticket_id) ?? []), row]);
  }
  return {
    show: toShow(input.show),
    dates: input.dates.map(toShow),
    date_uid: input.dateUid,
    generated_at: input.now.toISOString(),
    totals: rows.totals.map(toFigures),
    by_ticket: rows.stock.map((ticket) => {
      const sales = salesOf.get(ticket.id) ?? [];
      return {
        ticket_uid: ticket.id,
        name: ticket.fullname,
        capacity: ticket.capacity,
        sold: ticket.sold,
        held: ticket.held,
        left: Math.max(0, ticket.capacity - ticket.sold - ticket.held),
        places: sales.reduce((sum, row) => sum + row.places, 0),
        sales: sales.map(toFigures),
      };
    }),
    by_day: rows.byDay.map((row) => ({ day: row.day, ...toFigures(row) })),
    by_payment_type: rows.byPaymentType.map((row) => ({
      payment_type: row.payment_type,
      ...toFigures(row),
    })),
    attendance: {
      codes_issued: rows.attendance.issued,
      checked_in: rows.attendance.checked_in,
      activated: rows.attendance.activated,
    },
  };
}

export const PAYMENT_TYPE_LABELS: Record<ReportPaymentType, string> = {
  CREDIT_CARD: 'Tarjeta de crédito o débito',
  BANK_DEPOSIT: 'Depósito bancario',
  ACCOUNT_BANK_DEPOSIT: 'Transferencia bancaria',
  REGISTRATION: 'Registro gratuito',
  CODE: 'Código de acceso',
};

export const SALES_CSV_HEADER = [
  'Fecha',
  'Hora',
  'Orden',
  'Función',
  'Boleto',
  'Forma de pago',
  'Moneda',
  'Cantidad',
  'Precio unitario',
  'Importe',
  'Cargos por servicio',
  'Descuento',
  'Total',
  'Referido',
] as const;

/** Excel reads a UTF-8 file as such only when it starts with the byte order mark. */
const BOM = '\uFEFF';

/**
 * A text cell: quoted when it holds the separator, a quote or a line break
 * (RFC 4180), and never read as a formula (a leading = + - @ gets a quote mark).
 */
function textCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const amount = (minor: number) => (minor / 100).toFixed(2);

/**
 * The CSV download (decision 0030): one row per sold order line, comma-separated
 * with a point for decimals (Guatemala's regional settings), amounts with two
 * decimals and no thousands separator, UTF-8 with a BOM, CRLF line ends.
 */
export function toSalesCsv(lines: readonly SalesLineRow[]): string {
  const rows = lines.map((line) =>
    [
      line.day,
      line.time,
      String(line.order_number),
      textCell(line.show_name),
      textCell(line.ticket_name),
      textCell(PAYMENT_TYPE_LABELS[line.payment_type]),
      line.currency,
      String(line.quantity),
      amount(line.price),
      amount(line.total_price),
      amount(line.total_fee),
      amount(line.discount),
      amount(line.total_price + line.total_fee - line.discount),
      textCell(line.referral ?? ''),
    ].join(','),
  );
  return `${BOM}${[SALES_CSV_HEADER.join(','), ...rows].join('\r\n')}\r\n`;
}
