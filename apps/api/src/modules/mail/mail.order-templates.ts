import { emailHtml, emailParagraph, escapeHtml, orderMailTextFooter } from './mail.templates.ts';
import type { RenderedMail } from './mail.templates.ts';
import type { OrderDecisionMailData } from './mail.types.ts';

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
  const greeting = data.buyerName.trim() ? `Hola, ${data.buyerName.trim()}:` : 'Hola:';
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
  const url = escapeHtml(data.orderUrl);
  const html = emailHtml(
    escapeHtml(t.subject),
    `<h1 style="font-size:20px;margin:0 0 16px;">${escapeHtml(t.title)}</h1>
${p(escapeHtml(greeting))}
${t.lines.map((line) => p(escapeHtml(line))).join('\n')}
<p style="font-size:15px;line-height:1.5;margin:16px 0;padding:12px 16px;background:#f4f4f5;border-left:4px solid #b91c1c;"><strong>Motivo:</strong> ${escapeHtml(data.reason)}</p>
${p(escapeHtml(t.next))}
<p style="margin:24px 0 8px;"><a href="${url}" style="display:inline-block;background:#b91c1c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px;">Ver mi orden</a></p>
<p style="font-size:13px;line-height:1.5;word-break:break-all;margin:0;"><a href="${url}" style="color:#b91c1c;">${url}</a></p>`,
  );
  return { subject: t.subject, text, html };
}
