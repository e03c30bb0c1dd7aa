import {
  emailHtml,
  emailParagraph,
  escapeHtml,
  formatShowDate,
  orderButtonHtml,
  orderMailTextFooter,
} from './mail.layout.ts';
import type { RenderedMail } from './mail.layout.ts';
import type { DepositReceivedMailData, OrderDecisionMailData } from './mail.types.ts';

const greetingOf = (buyerName: string) =>
  buyerName.trim() ? `Hola, ${buyerName.trim()}:` : 'Hola:';

interface DecisionText {
  subject: string;
  title: string;
  /** What happened, in one or two sentences. */
  lines: string[];
  /** What the buyer can do now. */
  next: string;
}

function decisionText(data: OrderDecisionMailData): DecisionText {
  const order = `#${data.orderNumber}`;
  switch (data.kind) {
    case 'deposit-rejected':
      return {
        subject: `Tu depósito fue rechazado (orden ${order})`,
        title: 'Tu depósito fue rechazado',
        lines: [
          `Revisamos el comprobante de depósito de tu orden ${order} por ${data.total} y no pudimos confirmarlo.`,
          'Los boletos que tenías reservados quedaron libres de nuevo.',
        ],
        next: 'Si crees que es un error, responde a este correo con tu comprobante, o vuelve a comprar tus boletos en Taquilla.',
      };
    case 'cancelled':
      return {
        subject: `Tu orden ${order} fue anulada`,
        title: 'Tu orden fue anulada',
        lines: [
          `El organizador anuló tu orden ${order} por ${data.total}.`,
          'Sus boletos ya no son válidos: no sirven para ingresar ni para activarse.',
        ],
        next: 'Si ya habías pagado y tienes dudas sobre la devolución, responde a este correo.',
      };
    case 'refunded': {
      const card = data.cardLast4
        ? `a tu tarjeta terminada en ${data.cardLast4}`
        : 'a la tarjeta con la que pagaste';
      return {
        subject: `Reembolsamos tu orden ${order}`,
        title: 'Tu orden fue reembolsada',
        lines: [
          `Reembolsamos ${data.total} de tu orden ${order} ${card}.`,
          'Los boletos de esta orden ya no son válidos.',
        ],
        next: 'Según tu banco, el reembolso puede tardar algunos días en verse en tu estado de cuenta.',
      };
    }
  }
}

/**
 * The buyer's notice of an organiser's decision (deposit rejected, order
 * cancelled or refunded), with the organiser's reason as written and the
 * order's signed link. Everything from people goes through escapeHtml.
 */
export function renderOrderDecision(data: OrderDecisionMailData): RenderedMail {
  const t = decisionText(data);
  const greeting = greetingOf(data.buyerName);
  const text = [
    greeting,
    '',
    ...t.lines,
    '',
    `Motivo: ${data.reason}`,
    '',
    t.next,
    '',
    ...orderMailTextFooter(data.orderUrl),
  ].join('\n');

  const p = emailParagraph;
  const html = emailHtml(
    escapeHtml(t.subject),
    `<h1 style="font-size:20px;margin:0 0 16px;">${escapeHtml(t.title)}</h1>
${p(escapeHtml(greeting))}
${t.lines.map((line) => p(escapeHtml(line))).join('\n')}
<p style="font-size:15px;line-height:1.5;margin:16px 0;padding:12px 16px;background:#f4f4f5;border-left:4px solid #b91c1c;"><strong>Motivo:</strong> ${escapeHtml(data.reason)}</p>
${p(escapeHtml(t.next))}
${orderButtonHtml(data.orderUrl)}`,
  );
  return { subject: t.subject, text, html };
}

/** What happens next, in the order it happens (000 §9: up to 48 business hours). */
const DEPOSIT_NEXT_STEPS = [
  'Revisamos tu comprobante. La verificación puede tardar hasta 48 horas hábiles; mientras tanto tus lugares quedan apartados.',
  'Cuando lo confirmemos te enviaremos otro correo con tus boletos y sus códigos QR, que también verás en tu orden.',
  'Si no podemos confirmarlo, te escribiremos con el motivo.',
];

/**
 * "Recibimos tu comprobante": sent when a deposit or transfer order is placed,
 * so the buyer has word (and the order's signed link) before the organiser
 * decides; the decision brings the tickets e-mail or the rejection notice.
 */
export function renderDepositReceived(data: DepositReceivedMailData): RenderedMail {
  const order = `#${data.orderNumber}`;
  const subject = `Recibimos tu comprobante (orden ${order})`;
  const proof = data.paymentType === 'BANK_DEPOSIT' ? 'depósito' : 'transferencia';
  const reference = data.reference ? ` (referencia ${data.reference})` : '';
  const summary = `Recibimos tu comprobante de ${proof} de la orden ${order} por ${data.total}${reference}.`;
  const shows = data.shows.map((show) => `${show.name} · ${formatShowDate(show.date)}`);
  const greeting = greetingOf(data.buyerName);
  const text = [
    greeting,
    '',
    summary,
    ...shows.map((line) => `  ${line}`),
    '',
    'Qué sigue:',
    ...DEPOSIT_NEXT_STEPS.map((step, i) => `${i + 1}. ${step}`),
    '',
    ...orderMailTextFooter(data.orderUrl),
  ].join('\n');

  const p = emailParagraph;
  const html = emailHtml(
    escapeHtml(subject),
    `<h1 style="font-size:20px;margin:0 0 16px;">Recibimos tu comprobante</h1>
${p(escapeHtml(greeting))}
${p(escapeHtml(summary))}
<ul style="font-size:15px;line-height:1.5;margin:0 0 16px;padding-left:20px;">
${shows.map((line) => `<li>${escapeHtml(line)}</li>`).join('\n')}
</ul>
<h2 style="font-size:17px;margin:16px 0 8px;">Qué sigue</h2>
<ol style="font-size:15px;line-height:1.5;margin:0 0 12px;padding-left:20px;">
${DEPOSIT_NEXT_STEPS.map((step) => `<li style="margin:0 0 6px;">${escapeHtml(step)}</li>`).join('\n')}
</ol>
${orderButtonHtml(data.orderUrl)}`,
  );
  return { subject, text, html };
}
