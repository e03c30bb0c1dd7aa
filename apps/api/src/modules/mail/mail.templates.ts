import type { MailMessage } from './mail.types.ts';

/** What a template renders: the parts of one e-mail. */
export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
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
  const html = `<!doctype html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(mail.subject)}</title></head>
<body style="margin:0;padding:0;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f4f4f5;padding:24px 0;">
<tr><td align="center">
<table role="presentation" width="560" cellpadding="0" cellspacing="0" style="max-width:560px;width:100%;background:#ffffff;border-radius:8px;padding:32px;">
<tr><td>
<h1 style="font-size:20px;margin:0 0 16px;">${escapeHtml(mail.title)}</h1>
<p style="font-size:15px;line-height:1.5;margin:0 0 12px;">${escapeHtml(greeting(mail.fullname))}</p>
<p style="font-size:15px;line-height:1.5;margin:0 0 24px;">${escapeHtml(mail.intro)}</p>
<p style="margin:0 0 24px;"><a href="${url}" style="display:inline-block;background:#b91c1c;color:#ffffff;text-decoration:none;font-weight:bold;padding:12px 24px;border-radius:6px;">${escapeHtml(mail.button)}</a></p>
<p style="font-size:13px;line-height:1.5;color:#52525b;margin:0 0 8px;">Si el botón no funciona, copia y pega este enlace en tu navegador:</p>
<p style="font-size:13px;line-height:1.5;word-break:break-all;margin:0 0 24px;"><a href="${url}" style="color:#b91c1c;">${url}</a></p>
<p style="font-size:13px;line-height:1.5;color:#52525b;margin:0 0 8px;">${escapeHtml(mail.expiry)}</p>
<p style="font-size:13px;line-height:1.5;color:#52525b;margin:0;">${escapeHtml(mail.footer)}</p>
</td></tr>
</table>
<p style="font-size:12px;color:#71717a;margin:16px 0 0;">Taquilla</p>
</td></tr>
</table>
</body>
</html>
`;
  return { subject: mail.subject, text, html };
}

/** The Spanish subject, text and HTML of a message. */
export function renderMail(message: MailMessage): RenderedMail {
  switch (message.template) {
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
