import { DEFAULT_TIME_ZONE, formatLongSpanishDate, toZonedDateTime } from '@taquilla/domain';

/**
 * A file of an e-mail: an image its HTML shows with `<img src="cid:…">` when it
 * has a `cid` (sent inline), otherwise a file to keep (sent as an attachment).
 */
export interface MailAttachment {
  cid?: string;
  filename: string;
  contentType: string;
  content: Buffer;
}

/** What a template renders: the parts of one e-mail. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
  attachments?: MailAttachment[];
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Everything that comes from users or URLs goes through this before it reaches HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);
}

/** The one HTML frame of every e-mail: a centred white card on grey, Taquilla below. */
export function emailHtml(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;padding:32px;">
<tr><td>
${body}
</td></tr>
</table>
<p style="font-size:12px;color:#71717a;margin:16px 0 0;">Taquilla</p>
</td></tr>
</table>
</body>
</html>
`;
}

/** A paragraph of an e-mail's HTML body (content already escaped). */
export const emailParagraph = (
  content: string,
  style = 'font-size:15px;line-height:1.5;margin:0 0 12px;',
) => `<p style="${style}">${content}</p>`;

/** The last lines of an order e-mail's text part. */
export const orderMailTextFooter = (orderUrl: string) => [
  'Ver tu orden:',
  orderUrl,
  '',
  '— Taquilla',
];

/** "Ver mi orden" as a button, and the bare link beneath it for clients that hide buttons. */
export function orderButtonHtml(orderUrl: string): string {
  const url = escapeHtml(orderUrl);
  return `<p style="margin:24px 0 8px;"><a href="${url}" style="display:inline-block;background:#b91c1c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px;">Ver mi orden</a></p>
<p style="font-size:13px;line-height:1.5;word-break:break-all;margin:0;"><a href="${url}" style="color:#b91c1c;">${url}</a></p>`;
}

/**
 * Show dates already written out. An on-sale sends thousands of e-mails for a
 * handful of dates, and the long Spanish date builds an Intl formatter per call.
 */
const showDates = new Map<string, string>();
const SHOW_DATES_KEPT = 1_000;

/** "4 de diciembre de 2026, 20:00 (hora de Guatemala)". */
export function formatShowDate(iso: string): string {
  const known = showDates.get(iso);
  if (known !== undefined) return known;
  const date = new Date(iso);
  const wall = toZonedDateTime(date, DEFAULT_TIME_ZONE);
  const time = `${String(wall.hour).padStart(2, '0')}:${String(wall.minute).padStart(2, '0')}`;
  const text = `${formatLongSpanishDate(date, DEFAULT_TIME_ZONE)}, ${time} (hora de Guatemala)`;
  if (showDates.size >= SHOW_DATES_KEPT) showDates.clear();
  showDates.set(iso, text);
  return text;
}
