import { formatMoney } from '@taquilla/domain';
import type { SandboxChallenge } from './sandbox.gateway.ts';

// The sandbox's 3-D Secure pages: self-contained HTML (inline style, no script),
// small enough to sit in the SPA's payment modal.

const ESCAPES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}

const STYLE = `
  body { font-family: system-ui, sans-serif; margin: 0; padding: 24px; color: #1f2937; background: #f9fafb; }
  main { max-width: 420px; margin: 0 auto; background: #fff; border: 1px solid #e5e7eb; border-radius: 12px; padding: 24px; }
  h1 { font-size: 1.25rem; margin: 0 0 12px; }
  p { margin: 8px 0; }
  .amount { font-size: 1.5rem; font-weight: 700; }
  .note { color: #6b7280; font-size: 0.875rem; }
  .actions { display: flex; gap: 12px; margin-top: 20px; }
  .actions form { flex: 1; }
  button { width: 100%; padding: 12px; font-size: 1rem; border-radius: 8px; border: 0; cursor: pointer; }
  .approve { background: #15803d; color: #fff; } /* 5.02:1 with white; #16a34a gave 3.30:1 */
  .reject { background: #dc2626; color: #fff; }
  a { color: #2563eb; }
`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="es">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

/** Only http(s) links: a `javascript:` return URL must never become a clickable link. */
function returnLink(returnUrl: string): string {
  if (!/^https?:\/\//i.test(returnUrl)) return '';
  return `<p><a href="${escapeHtml(returnUrl)}" target="_top">Volver a la tienda</a></p>`;
}

export function challengePage(transactionId: string, challenge: SandboxChallenge): string {
  const action = `/payments/sandbox/3ds/${encodeURIComponent(transactionId)}`;
  const card = challenge.last4
    ? `<p>Tarjeta ${escapeHtml(challenge.brand ?? '')} terminada en ${escapeHtml(challenge.last4)}</p>`
    : '';
  const button = (decision: 'approve' | 'reject', label: string) =>
    `<form method="post" action="${escapeHtml(action)}">` +
    `<input type="hidden" name="decision" value="${decision}">` +
    `<button type="submit" class="${decision}">${label}</button></form>`;
  return page(
    'Verificación 3-D Secure (sandbox)',
    `<h1>Verificación 3-D Secure (sandbox)</h1>
<p>Tu banco pide confirmar este pago.</p>
<p class="amount">${escapeHtml(formatMoney(challenge.amount, challenge.currency))}</p>
${card}
<div class="actions">${button('approve', 'Aprobar')}${button('reject', 'Rechazar')}</div>
<p class="note">Página de prueba del proveedor sandbox: no se realiza ningún cargo real.</p>`,
  );
}

export function decidedPage(approved: boolean, returnUrl: string): string {
  return approved
    ? page(
        'Listo, puedes cerrar esta ventana',
        `<h1>Listo, puedes cerrar esta ventana</h1>
<p>Tu banco confirmó el pago.</p>${returnLink(returnUrl)}`,
      )
    : page(
        'Pago rechazado',
        `<h1>Pago rechazado</h1>
<p>La verificación 3-D Secure fue rechazada y no se realizó ningún cargo.</p>${returnLink(returnUrl)}`,
      );
}

export function notFoundPage(): string {
  return page(
    'Verificación no disponible',
    `<h1>Verificación no disponible</h1>
<p>Esta verificación no existe, ya expiró o ya fue respondida.</p>`,
  );
}

export function invalidDecisionPage(): string {
  return page('Respuesta inválida', `<h1>Respuesta inválida</h1><p>Elige Aprobar o Rechazar.</p>`);
}

export function failedPage(): string {
  return page(
    'No fue posible registrar tu respuesta',
    `<h1>No fue posible registrar tu respuesta</h1>
<p>Por favor intenta de nuevo en un momento.</p>`,
  );
}
