import { drawTicketQr } from '../qr/ticket-qr.ts';
import { orderCalendar } from './mail.calendar.ts';
import {
  emailHtml,
  emailParagraph,
  escapeHtml,
  formatShowDate,
  orderButtonHtml,
  orderMailTextFooter,
} from './mail.layout.ts';
import type { MailAttachment, RenderedMail } from './mail.layout.ts';
import { renderDepositReceived, renderOrderDecision } from './mail.order-templates.ts';
import { receiptHtml, receiptText } from './mail.receipt.ts';
import type { MailMessage, OrderTicketsMailData, TelethonCodesMailData } from './mail.types.ts';

/** "1 hora", "48 horas", "30 minutos", "90 minutos". */
export function formatDuration(minutes: number): string {
  if (minutes % 60 === 0) {
    const hours = minutes / 60;
    return hours === 1 ? '1 hora' : `${hours} horas`;
  }
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}

/** The full name as the person wrote it; a bare greeting when it is empty. */
function greeting(fullname: string): string {
  const name = fullname.trim();
  return name ? `Hola, ${name}:` : 'Hola:';
}

interface LinkMail {
  subject: string;
  title: string;
  fullname: string;
  intro: string;
  button: string;
  url: string;
  expiry: string;
  footer: string;
}

/**
 * One layout for every message with a link: a button for mail clients that
 * show HTML, the bare link beneath it (and in the text part) for the rest.
 * Inline styles only, since many clients drop <style>.
 */
function renderLinkMail(mail: LinkMail): RenderedMail {
  const text = [
    greeting(mail.fullname),
    '',
    mail.intro,
    '',
    `${mail.button}:`,
    mail.url,
    '',
    mail.expiry,
    '',
    mail.footer,
    '',
    '— Taquilla',
  ].join('\n');

  const url = escapeHtml(mail.url);
  const html = emailHtml(
    escapeHtml(mail.subject),
    `<h1 style="font-size:20px;margin:0 0 16px;">${escapeHtml(mail.title)}</h1>
<p style="font-size:15px;line-height:1.5;margin:0 0 12px;">${escapeHtml(greeting(mail.fullname))}</p>
<p style="font-size:15px;line-height:1.5;margin:0 0 24px;">${escapeHtml(mail.intro)}</p>
<p style="margin:0 0 24px;"><a href="${url}" style="display:inline-block;background:#b91c1c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px;">${escapeHtml(mail.button)}</a></p>
<p style="font-size:13px;line-height:1.5;color:#52525b;margin:0 0 8px;">Si el botón no funciona, copia y pega este enlace en tu navegador:</p>
<p style="font-size:13px;line-height:1.5;word-break:break-all;margin:0 0 24px;"><a href="${url}" style="color:#b91c1c;">${url}</a></p>
<p style="font-size:13px;line-height:1.5;color:#52525b;margin:0 0 8px;">${escapeHtml(mail.expiry)}</p>
<p style="font-size:13px;line-height:1.5;color:#52525b;margin:0;">${escapeHtml(mail.footer)}</p>`,
  );
  return { subject: mail.subject, text, html };
}

type MailTicket = OrderTicketsMailData['shows'][number]['tickets'][number];

const TICKET_TYPE_LABELS: Record<MailTicket['ticketType'], string> = {
  GENERAL: 'General',
  ONLINE: 'En línea',
  VENUE_SEAT: 'Butaca numerada',
  VENUE_TABLE_SEAT: 'Mesa',
  VENUE_OPEN: 'Admisión general',
};

/** 000 §9: the two notices every ticket e-mail carries. */
const TICKET_ADVICE = [
  'Llega 30 minutos antes del inicio del evento.',
  'Las compras son finales, excepto en eventos cancelados.',
];

/** The Content-ID of a code's QR image: codes are unique, so is this. */
export const qrCid = (code: string) => `qr-${code}@taquilla`;

/**
 * "Platea · Butaca numerada · Sección A, Fila B, Asiento 12, Ingreso por Puerta 1".
 * The door is printed as the organiser typed it ("Puerta 1", "Norte"), after the
 * same "Ingreso por" the site's badges use, so it is never "Puerta Puerta 1".
 */
function describeTicket(ticket: MailTicket): string {
  const where = ticket.location;
  const place = [
    where?.section ? `Sección ${where.section}` : null,
    where?.row ? `Fila ${where.row}` : null,
    where?.seat ? `Asiento ${where.seat}` : null,
    where?.door ? `Ingreso por ${where.door}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  const kind = TICKET_TYPE_LABELS[ticket.ticketType];
  // A ticket named like its kind ("General") is said once.
  const parts = [ticket.title, kind === ticket.title ? null : kind, place];
  return parts.filter(Boolean).join(' · ');
}

/**
 * The first words of the tickets e-mail. For a deposit it is also the answer to
 * "Recibimos tu comprobante": the organiser confirmed it (decision 0054).
 */
function greetingOf(receipt: OrderTicketsMailData['receipt']): string {
  const type = receipt?.paymentType;
  if (type === 'BANK_DEPOSIT') return '¡Confirmamos tu depósito!';
  if (type === 'ACCOUNT_BANK_DEPOSIT') return '¡Confirmamos tu transferencia!';
  return '¡Gracias por tu compra!';
}

function renderOrderTickets(data: OrderTicketsMailData): RenderedMail {
  const subject = `Tus boletos de la orden #${data.orderNumber}`;
  const intro = `${greetingOf(data.receipt)} Estos son los boletos de tu orden #${data.orderNumber}. Presenta el código QR de cada boleto en la entrada.`;
  const receipt = data.receipt;
  const text = [
    'Hola:',
    '',
    intro,
    ...data.shows.flatMap((show) => [
      '',
      show.name,
      `Fecha: ${formatShowDate(show.date)}`,
      `Lugar: ${show.venue}`,
      ...show.tickets.map((ticket) => `  ${ticket.code}  ${describeTicket(ticket)}`),
    ]),
    ...(receipt ? ['', ...receiptText(receipt)] : []),
    '',
    ...TICKET_ADVICE,
    '',
    ...orderMailTextFooter(data.orderUrl),
  ].join('\n');

  const p = emailParagraph;
  const shows = data.shows
    .map((show) => {
      const tickets = show.tickets
        .map(
          (ticket) => `<tr>
<td style="padding:8px 12px 8px 0;vertical-align:middle;"><img src="cid:${escapeHtml(qrCid(ticket.code))}" width="120" height="120" alt="Código QR ${escapeHtml(ticket.code)}" style="display:block;"></td>
<td style="padding:8px 0;vertical-align:middle;"><p style="font-family:'Courier New',monospace;font-size:22px;font-weight:bold;letter-spacing:3px;margin:0 0 4px;">${escapeHtml(ticket.code)}</p><p style="font-size:13px;line-height:1.4;color:#52525b;margin:0;">${escapeHtml(describeTicket(ticket))}</p></td>
</tr>`,
        )
        .join('\n');
      return `<h2 style="font-size:17px;margin:24px 0 8px;">${escapeHtml(show.name)}</h2>
${p(`Fecha: ${escapeHtml(formatShowDate(show.date))}<br>Lugar: ${escapeHtml(show.venue)}`)}
<table role="presentation" cellpadding="0" cellspacing="0">
${tickets}
</table>`;
    })
    .join('\n');
  const html = emailHtml(
    escapeHtml(subject),
    `<h1 style="font-size:20px;margin:0 0 16px;">Tus boletos</h1>
${p('Hola:')}
${p(escapeHtml(intro))}
${shows}
${receipt ? receiptHtml(receipt) : ''}
${TICKET_ADVICE.map((line) => p(escapeHtml(line), 'font-size:14px;line-height:1.5;font-weight:bold;margin:16px 0 0;')).join('\n')}
${orderButtonHtml(data.orderUrl)}`,
  );
  return { subject, text, html };
}

/**
 * "Enviarme mis códigos" (decision 0060): a telethon's codes bought with a DPI, each
 * with its show, ticket and a link that opens the activation page with it.
 */
function renderTelethonCodes(data: TelethonCodesMailData): RenderedMail {
  const subject = 'Tus códigos del teletón';
  const intro =
    'Alguien pidió en la página del teletón los códigos comprados con tu DPI, y te los enviamos a ti, al correo de la compra. Actívalos con tu cuenta para ver la transmisión.';
  const linkOf = (code: string) => `${data.activateUrl}?code=${encodeURIComponent(code)}`;
  const state = (activated: boolean) => (activated ? 'ya activado' : 'sin activar');
  const text = [
    'Hola:',
    '',
    intro,
    '',
    ...data.codes.flatMap((c) => [
      `  ${c.code}  ${c.showName} · ${c.ticketName} (${state(c.activated)})`,
      ...(c.activated ? [] : [`  Activar: ${linkOf(c.code)}`]),
    ]),
    '',
    'Si no pediste tus códigos, ignora este correo: nadie más los recibió.',
    '',
    '— Taquilla',
  ].join('\n');

  const p = emailParagraph;
  const rows = data.codes
    .map((c) => {
      const action = c.activated
        ? `<span style="font-size:13px;color:#52525b;">Ya activado</span>`
        : `<a href="${escapeHtml(linkOf(c.code))}" style="display:inline-block;background:#b91c1c;color:#ffffff;text-decoration:none;font-weight:bold;padding:8px 16px;border-radius:6px;">Activar</a>`;
      return `<tr>
<td style="padding:8px 12px 8px 0;vertical-align:middle;"><p style="font-family:'Courier New',monospace;font-size:22px;font-weight:bold;letter-spacing:3px;margin:0 0 4px;">${escapeHtml(c.code)}</p><p style="font-size:13px;line-height:1.4;color:#52525b;margin:0;">${escapeHtml(`${c.showName} · ${c.ticketName}`)}</p></td>
<td style="padding:8px 0;vertical-align:middle;">${action}</td>
</tr>`;
    })
    .join('\n');
  const html = emailHtml(
    escapeHtml(subject),
    `<h1 style="font-size:20px;margin:0 0 16px;">Tus códigos</h1>
${p('Hola:')}
${p(escapeHtml(intro))}
<table role="presentation" cellpadding="0" cellspacing="0">
${rows}
</table>
${p(escapeHtml('Si no pediste tus códigos, ignora este correo: nadie más los recibió.'), 'font-size:13px;line-height:1.5;color:#52525b;margin:24px 0 0;')}`,
  );
  return { subject, text, html };
}

/** The Spanish subject, text and HTML of a message. */
export function renderMail(message: MailMessage): RenderedMail {
  switch (message.template) {
    case 'order-tickets':
      return renderOrderTickets(message.data);
    case 'telethon-codes':
      return renderTelethonCodes(message.data);
    case 'order-decision':
      return renderOrderDecision(message.data);
    case 'deposit-received':
      return renderDepositReceived(message.data);
    case 'email-verification': {
      const subject = 'Verifica tu correo en Taquilla';
      return renderLinkMail({
        subject,
        title: 'Verifica tu correo',
        fullname: message.data.fullname,
        intro: 'Gracias por registrarte en Taquilla. Confirma que este correo es tuyo.',
        button: 'Verificar mi correo',
        url: message.data.verifyUrl,
        expiry: `Este enlace vence en ${formatDuration(message.data.expiresInHours * 60)} y solo puede usarse una vez.`,
        footer: 'Si no creaste una cuenta en Taquilla, ignora este correo.',
      });
    }
    case 'password-reset': {
      const subject = 'Restablece tu contraseña de Taquilla';
      return renderLinkMail({
        subject,
        title: 'Restablece tu contraseña',
        fullname: message.data.fullname,
        intro:
          'Recibimos una solicitud para restablecer la contraseña de tu cuenta de Taquilla. Al cambiarla se cerrarán todas tus sesiones abiertas.',
        button: 'Restablecer mi contraseña',
        url: message.data.resetUrl,
        expiry: `Este enlace vence en ${formatDuration(message.data.expiresInMinutes)} y solo puede usarse una vez.`,
        footer: 'Si no solicitaste este cambio, ignora este correo: tu contraseña no cambiará.',
      });
    }
    case 'organiser-invitation': {
      const { producerName, role } = message.data;
      const account =
        role === 'Admin' || producerName === null
          ? 'una cuenta de administración'
          : `una cuenta para administrar los eventos de ${producerName}`;
      return renderLinkMail({
        subject: 'Tu cuenta de Taquilla está lista',
        title: 'Elige tu contraseña',
        fullname: message.data.fullname,
        intro: `Se creó para ti ${account} en Taquilla. Elige tu contraseña y después inicia sesión con este correo.`,
        button: 'Elegir mi contraseña',
        url: message.data.setPasswordUrl,
        expiry: `Este enlace vence en ${formatDuration(message.data.expiresInHours * 60)} y solo puede usarse una vez. Si vence, pide uno nuevo en «¿Olvidaste tu contraseña?».`,
        footer:
          'Si no esperabas esta invitación, ignora este correo: sin contraseña nadie podrá usar la cuenta.',
      });
    }
  }
}

/**
 * The message as it leaves: its parts plus the images its HTML shows and the
 * files it carries. QR codes are drawn here, at send time, from the codes in
 * the job: one image per code, drawn once; the calendar file is made here too.
 */
export function composeMail(message: MailMessage): RenderedMail {
  const rendered = renderMail(message);
  if (message.template !== 'order-tickets') return rendered;
  const images = new Map<string, MailAttachment>();
  for (const ticket of message.data.shows.flatMap((show) => show.tickets)) {
    if (images.has(ticket.code)) continue;
    images.set(ticket.code, {
      cid: qrCid(ticket.code),
      filename: `qr-${ticket.code}.png`,
      contentType: 'image/png',
      content: drawTicketQr(ticket.code, ticket.qrColor),
    });
  }
  const calendar = orderCalendar(message.data);
  return { ...rendered, attachments: [...images.values(), ...(calendar ? [calendar] : [])] };
}
