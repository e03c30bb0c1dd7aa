import { formatMoney } from '@taquilla/domain';
import { escapeHtml } from './mail.layout.ts';
import type { OrderReceipt } from './mail.types.ts';

/** The card brands checkout detects (000 §5), as a buyer reads them. */
const CARD_BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
};

const PAYMENT_TYPES: Record<OrderReceipt['paymentType'], string> = {
  CREDIT_CARD: 'Tarjeta de crédito o débito',
  BANK_DEPOSIT: 'Depósito bancario',
  ACCOUNT_BANK_DEPOSIT: 'Transferencia bancaria',
  REGISTRATION: 'Registro gratuito',
  CODE: 'Código de acceso',
};

/** "Tarjeta Visa terminada en 4242", "Depósito bancario (referencia BI-7788)". */
export function describePayment(receipt: OrderReceipt): string {
  const { card, reference } = receipt;
  if (receipt.paymentType === 'CREDIT_CARD' && card) {
    const brand = card.brand ? (CARD_BRANDS[card.brand] ?? card.brand) : null;
    return `Tarjeta ${brand ? `${brand} ` : ''}terminada en ${card.last4}`;
  }
  const method = PAYMENT_TYPES[receipt.paymentType];
  return reference ? `${method} (referencia ${reference})` : method;
}

interface ReceiptRow {
  label: string;
  amount: string;
  /** The total: set apart in bold. */
  isTotal?: boolean;
}

/** The receipt as rows: its lines, then tickets, fees, discount and total. */
function receiptRows(receipt: OrderReceipt): { lines: ReceiptRow[]; sums: ReceiptRow[] } {
  const money = (minor: number) => formatMoney(minor, receipt.currency);
  // The show is named only when the order spans more than one.
  const manyShows = new Set(receipt.lines.map((line) => line.show)).size > 1;
  const lines = receipt.lines.map((line) => ({
    label: `${line.quantity} × ${line.title}${manyShows ? ` · ${line.show}` : ''}`,
    amount: money(line.amount),
  }));
  const sums: ReceiptRow[] = [{ label: 'Boletos', amount: money(receipt.tickets) }];
  if (receipt.fees > 0) sums.push({ label: 'Cargos por servicio', amount: money(receipt.fees) });
  const { discount } = receipt;
  if (discount.amount > 0) {
    const codes = discount.codes;
    const named =
      codes.length === 0
        ? ''
        : ` (${codes.length === 1 ? 'código' : 'códigos'} ${codes.join(', ')})`;
    sums.push({ label: `Descuento${named}`, amount: `-${money(discount.amount)}` });
  }
  sums.push({ label: 'Total', amount: money(receipt.total), isTotal: true });
  return { lines, sums };
}

export const RECEIPT_TITLE = 'Recibo de tu compra';

/** The receipt in the text part: one "label: amount" per line. */
export function receiptText(receipt: OrderReceipt): string[] {
  const { lines, sums } = receiptRows(receipt);
  return [
    RECEIPT_TITLE,
    ...lines.map((row) => `  ${row.label}: ${row.amount}`),
    ...sums.map((row) => `${row.label}: ${row.amount}`),
    `Pago: ${describePayment(receipt)}`,
  ];
}

/** The receipt in the HTML part: a two-column table, amounts on the right. */
export function receiptHtml(receipt: OrderReceipt): string {
  const { lines, sums } = receiptRows(receipt);
  const cell = 'padding:6px 0;font-size:14px;line-height:1.4;';
  const row = (r: ReceiptRow, border: boolean) => {
    const weight = r.isTotal ? 'font-weight:bold;font-size:16px;' : '';
    const line = border ? 'border-top:1px solid #e4e4e7;' : '';
    return `<tr><td style="${cell}${line}${weight}">${escapeHtml(r.label)}</td><td align="right" style="${cell}${line}${weight}white-space:nowrap;padding-left:16px;">${escapeHtml(r.amount)}</td></tr>`;
  };
  const rows = [
    ...lines.map((r) => row(r, false)),
    ...sums.map((r, i) => row(r, i === 0 || r.isTotal === true)),
  ];
  return `<h2 style="font-size:17px;margin:24px 0 8px;">${RECEIPT_TITLE}</h2>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;">
${rows.join('\n')}
</table>
<p style="font-size:14px;line-height:1.5;color:#52525b;margin:8px 0 0;">Pago: ${escapeHtml(describePayment(receipt))}</p>`;
}
