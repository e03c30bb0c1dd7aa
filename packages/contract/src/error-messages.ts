/**
 * Every error code the gateway answers, with its HTTP status and the Spanish
 * message shown to people. Services throw codes; one handler maps them.
 */
export const ERRORS = {
  VALIDATION_ERROR: { status: 422, message: 'Los datos enviados no son válidos' },
  NOT_FOUND: { status: 404, message: 'La página que buscas no está disponible' },
  SHOW_NOT_FOUND: { status: 404, message: 'El evento que buscas no existe' },
  MAP_NOT_FOUND: { status: 404, message: 'Este evento no tiene mapa de butacas' },
  SECTION_NOT_FOUND: { status: 404, message: 'La sección no existe en este mapa' },
  UNAUTHORIZED: { status: 401, message: 'Debes iniciar sesión para continuar' },
  FORBIDDEN: { status: 403, message: 'No tienes permiso para realizar esta acción' },
  // ── sessions (002 §4, §8) ──
  INVALID_CREDENTIALS: { status: 401, message: 'Usuario o contraseña inválidos' },
  SESSION_ALREADY_ACTIVE: {
    status: 409,
    message: 'Ya existe una sesión activa con este usuario.',
  },
  SESSION_EXPIRED: {
    status: 440,
    message: 'Tu sesión ha expirado. Por favor inicia sesión de nuevo.',
  },
  /** A logout of a session that had already ended; the client treats it as expired. */
  SESSION_ENDED: { status: 400, message: 'Tu sesión ya había terminado.' },
  USER_ALREADY_EXISTS: { status: 409, message: 'Ya existe un usuario registrado con ese correo' },
  VIEWER_NOT_FOUND: { status: 404, message: 'No encontramos el espectador' },
  RESET_TOKEN_INVALID: {
    status: 400,
    message: 'El enlace para restablecer la contraseña no es válido o ya expiró.',
  },
  VERIFY_TOKEN_INVALID: {
    status: 400,
    message: 'No fue posible verificar tu correo. El token probablemente haya expirado.',
  },
  // ── organiser API (ORGANISER-API.md) ──
  TICKET_NOT_FOUND: { status: 404, message: 'El boleto que buscas no existe' },
  SHOW_PATH_TAKEN: { status: 409, message: 'Esa ruta ya la usa otro evento' },
  PRODUCER_SLUG_TAKEN: {
    status: 409,
    message: 'Ya existe una productora con ese identificador (slug)',
  },
  PRODUCER_NOT_FOUND: { status: 404, message: 'La productora que buscas no existe' },
  SHOW_HAS_ORDERS: {
    status: 409,
    message: 'No se puede eliminar un evento que tiene órdenes',
  },
  SHOW_HAS_DATES: {
    status: 409,
    message: 'No se puede eliminar un evento que tiene fechas; elimínalas primero',
  },
  TICKET_CODE_TAKEN: {
    status: 409,
    message: 'Ya existe un boleto con ese código en este evento',
  },
  TICKET_HAS_SALES: {
    status: 409,
    message: 'No se puede eliminar un boleto que tiene ventas',
  },
  CAPACITY_BELOW_COMMITTED: {
    status: 409,
    message: 'La capacidad no puede ser menor que los boletos vendidos más los reservados',
  },
  INVENTORY_HELD: {
    status: 409,
    message:
      'Hay boletos reservados en carritos activos. Intenta de nuevo cuando las reservas expiren.',
  },
  MAP_LOCKED: {
    status: 409,
    message: 'No se puede cambiar el mapa mientras haya butacas reservadas o vendidas',
  },
  // ── cart and holds (000 §8) ──
  CART_NOT_FOUND: { status: 404, message: 'No encontramos tu carrito' },
  SEAT_NOT_FOUND: { status: 404, message: 'El asiento no existe en este evento' },
  TICKET_NOT_ON_SALE: { status: 409, message: 'Este boleto no está a la venta en este momento' },
  SEAT_UNAVAILABLE: {
    status: 409,
    message: 'El asiento ya no está disponible. Por favor elige otro.',
  },
  NOT_ENOUGH_AVAILABLE: {
    status: 409,
    message: 'No hay suficientes boletos disponibles',
  },
  SECTION_TYPE_UNSUPPORTED: { status: 422, message: 'Tipo de sección no soportado' },
  CART_BUSY: {
    status: 409,
    message: 'Hay mucha demanda en este momento. Por favor intenta de nuevo.',
  },
  HOLD_LIMIT_REACHED: {
    status: 429,
    message:
      'Ya tienes demasiados boletos reservados. Completa tu compra o libera algunos antes de agregar más.',
  },
  // A cart, and so an order, holds one producer's tickets (decision 0062).
  CART_OTHER_PRODUCER: {
    status: 409,
    message:
      'Tu carrito ya tiene boletos de otro organizador. Finaliza esa compra o vacía tu carrito para agregar estos boletos.',
  },
  // ── promo codes (000 §8) ──
  PROMO_CODE_NOT_FOUND: { status: 404, message: 'Código promocional no encontrado' },
  PROMO_CODE_INACTIVE: { status: 409, message: 'Código promocional inactivo' },
  PROMO_CODE_ALREADY_APPLIED: { status: 409, message: 'Código promocional ya aplicado' },
  PROMO_CODE_USAGE_LIMIT_EXCEEDED: {
    status: 409,
    message: 'Límite de uso del código promocional excedido',
  },
  PROMO_CODE_EXPIRED: { status: 409, message: 'Código promocional expirado' },
  PROMO_CODE_NOT_APPLICABLE: {
    status: 409,
    message: 'Código promocional no aplicable a este carrito',
  },
  PROMO_CODE_TAKEN: { status: 409, message: 'Ya existe un código promocional con ese código' },
  // ── checkout and orders (000 §4, §8) ──
  ORDER_NOT_FOUND: { status: 404, message: 'La orden que buscas no existe' },
  CART_EXPIRED: {
    status: 409,
    message:
      'El tiempo de reservación de tu carrito terminó y los boletos fueron liberados. Agrégalos de nuevo para continuar.',
  },
  CART_EMPTY: { status: 422, message: 'Tu carrito está vacío' },
  ORDER_IN_PROGRESS: {
    status: 409,
    message: 'Ya estamos procesando el pago de este carrito. Espera unos segundos.',
  },
  ORDER_TOTAL_CHANGED: {
    status: 409,
    message: 'El total de tu carrito cambió. Revisa tu orden antes de pagar.',
  },
  PAYMENT_TYPE_NOT_ACCEPTED: {
    status: 422,
    message: 'Esta forma de pago no está disponible para los boletos de tu carrito',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    message: 'La clave Idempotency-Key ya se usó con otros datos',
  },
  /** 402 with `response_code`: the text shown depends on the code (000 §8). */
  CARD_DECLINED: {
    status: 402,
    message: 'La transacción ha sido denegada. Revisa que todos los datos esten correctos.',
  },
  PAYMENT_FAILED: { status: 502, message: 'No fue posible realizar la compra' },
  // ── organiser orders ──
  /** The message names the order's current status and what the decision needs. */
  ORDER_STATUS_CONFLICT: {
    status: 409,
    message: 'El estado actual de la orden no permite este cambio',
  },
  ORDER_NOT_REFUNDABLE: {
    status: 409,
    message: 'Solo las órdenes pagadas con tarjeta se reembolsan por aquí; anula la orden',
  },
  REFUND_FAILED: { status: 502, message: 'El proveedor de pagos no aceptó el reembolso' },
  // ── activation (000 §8) ──
  /** A code another account activated; codes are single-use across accounts. */
  CODE_ALREADY_USED: { status: 422, message: 'Este código ya fue activado por otra cuenta' },
  /** The caller already has access to the code's show: the answer carries its `show_uid`. */
  ALREADY_ACTIVATED: { status: 409, message: 'Ya tienes un boleto activado para este show' },
  VIEWER_SHOW_NOT_FOUND: {
    status: 404,
    message: 'No tienes un boleto activado para este evento',
  },
  ORDER_NOT_APPROVED: {
    status: 409,
    message: 'Solo se pueden reenviar los boletos de una orden aprobada',
  },
  RATE_LIMITED: {
    status: 429,
    message: 'Demasiados intentos. Por favor espera un momento y vuelve a intentar.',
  },
  // ── watching (001 §2, §4, §8; docs/decisions/0022-watch-access.md) ──
  ACCESS_CODE_INVALID: { status: 403, message: 'Código Inválido' },
  /**
   * The viewer's access came from a ticket code whose order was cancelled or refunded
   * (decision 0064). The API names which one (ACCESS_REVOKED_MESSAGES); this text fits both.
   */
  ACCESS_REVOKED: {
    status: 403,
    message:
      'Ya no tienes acceso a este evento porque la orden de tu boleto fue anulada o reembolsada.',
  },
  TICKET_REQUIRED: {
    status: 403,
    message:
      'Solicita tu boleto para poder ingresar. Si ya tienes tu boleto activado, por favor inicia sesión para continuar.',
  },
  EVENT_NOT_STARTED: {
    status: 403,
    message:
      'Aún no es posible el ingreso al evento. Por favor, recarga la página 5 minutos antes del evento y vuelve a intentar.',
  },
  EVENT_UNAVAILABLE: { status: 403, message: 'Este evento ya no está disponible' },
  STREAM_INACTIVE: { status: 403, message: 'La transmisión de este evento no está activa' },
  REGION_BLOCKED: {
    status: 403,
    message:
      'Este contenido esta restringido para tu región / This content is restricted for your region',
  },
  ACCESS_CODES_NOT_APPLICABLE: {
    status: 409,
    message:
      'Este evento no usa códigos de acceso: actívalos con «nologin» o con una contraseña (security) en su configuración',
  },
  // ── requests the gateway refuses before any route runs ──
  BAD_REQUEST: { status: 400, message: 'La solicitud no es válida' },
  /**
   * A write authenticated by the `sid` cookie, or a realtime socket, from a page
   * of another site (Origin, else Referer, not allowed; decision 0043).
   */
  CSRF_REJECTED: { status: 403, message: 'Solicitud rechazada: origen no permitido' },
  REQUEST_TIMEOUT: {
    status: 408,
    message: 'La solicitud tardó demasiado en llegar. Por favor intenta de nuevo.',
  },
  PAYLOAD_TOO_LARGE: { status: 413, message: 'El contenido enviado es demasiado grande' },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: 'Tipo de contenido no admitido: envía los datos como JSON (application/json)',
  },
  HEADERS_TOO_LARGE: {
    status: 431,
    message: 'Los encabezados de la solicitud son demasiado grandes',
  },
  SERVICE_UNAVAILABLE: {
    status: 503,
    message: 'El servicio no está disponible en este momento',
  },
  INTERNAL_ERROR: {
    status: 500,
    message: 'Ocurrió un error inesperado. Por favor intenta de nuevo más tarde.',
  },
  // ── uploads (000 §5 Proof upload) ──
  UPLOAD_INVALID_TYPE: { status: 422, message: 'El comprobante debe ser una imagen JPG o PNG' },
  /** The API answers the configured limit (UPLOAD_MAX_BYTES) in the message. */
  UPLOAD_TOO_LARGE: {
    status: 413,
    message: 'El archivo es demasiado grande: el máximo es 5 MB',
  },
  UPLOAD_URL_INVALID: { status: 403, message: 'El enlace de carga no es válido o ya expiró' },
  PROOF_LINK_INVALID: { status: 422, message: 'El comprobante no fue cargado en este sitio' },
  /** One order per uploaded proof (decision 0065): the buyer uploads this purchase's own. */
  PROOF_ALREADY_USED: {
    status: 409,
    message: 'Este comprobante ya fue usado en otra orden. Sube el comprobante de esta compra.',
  },
  /** Show images (decision 0031): checked by content, like proofs, with WebP too. */
  SHOW_IMAGE_INVALID_TYPE: { status: 422, message: 'La imagen debe ser JPG, PNG o WebP' },
  // ── tickets and codes ──
  TICKET_CODE_NOT_FOUND: { status: 404, message: 'El código no existe' },
  /**
   * The code's order was cancelled or refunded: the code is kept, voided (decision 0029).
   * Activation answers this message; the door names the status and any admission time.
   */
  TICKET_CODE_VOIDED: {
    status: 409,
    message: 'Este código fue anulado: su orden fue anulada o reembolsada',
  },
  /** GET /etickets/downloads/redeem: a file no public show's page lists (decision 0038). */
  DOWNLOAD_NOT_FOUND: { status: 404, message: 'Archivo no disponible' },
  /**
   * GET /etickets/downloads/redeem: a file address that is neither a path of this
   * site nor in its storage, which no redirect may send a browser to (decision 0066).
   */
  DOWNLOAD_NOT_ALLOWED: {
    status: 422,
    message: 'Esta descarga no está en este sitio ni en su almacenamiento; no podemos llevarte ahí',
  },
  // ── door check-in (issue 11; docs/decisions/0029-door-check-in.md) ──
  TICKET_CODE_UNKNOWN: { status: 404, message: 'Código desconocido' },
  /** The message names the show (or date) when the caller may see it. */
  TICKET_CODE_OTHER_SHOW: { status: 409, message: 'Este código es de otro evento' },
  /** The message says when ("Ya ingresó a las 19:42"); the answer carries `checked_in_at`. */
  TICKET_ALREADY_CHECKED_IN: { status: 409, message: 'Este boleto ya ingresó' },
  /** The message names the order's status (anulada, reembolsada, pago pendiente…). */
  TICKET_ORDER_NOT_APPROVED: {
    status: 409,
    message: 'La orden de este boleto no está aprobada: no puede ingresar',
  },
  TICKET_NOT_FOR_VENUE: {
    status: 409,
    message: 'Este boleto es para ver en línea: no da ingreso a la sala',
  },
  // ── live control and live channels (001 §3, §4; docs/decisions/0024-live-control.md) ──
  LIVE_EVENT_NOT_ALLOWED: {
    status: 409,
    message:
      'Un evento en borrador, terminado o cancelado no admite control en vivo: cambia su estado primero',
  },
  LIVE_CHANNEL_NOT_FOUND: { status: 404, message: 'El canal de transmisión no existe' },
  LIVE_CHANNEL_IN_USE: {
    status: 409,
    message:
      'El canal está en uso: su evento está en vivo, en prueba o empezado. Termina la transmisión antes de eliminarlo',
  },
  WEBHOOK_SIGNATURE_INVALID: { status: 401, message: 'La firma del aviso no es válida' },
  WEBHOOK_REPLAYED: {
    status: 409,
    message: 'Este aviso ya fue recibido o llegó fuera de tiempo',
  },
  /** A byte range past the end of a media file (GET /media/demo/…). */
  RANGE_NOT_SATISFIABLE: { status: 416, message: 'El rango pedido está fuera del archivo' },
  // ── chat, polls and devices (001 §2, §4, §8; docs/decisions/0026-chat-polls-devices.md) ──
  CHAT_CLOSED: {
    status: 409,
    message: 'El chat de este evento no está disponible en este momento.',
  },
  CHAT_MUTED: {
    status: 403,
    message: 'Un organizador desactivó tus mensajes en este chat.',
  },
  CHAT_MESSAGE_NOT_FOUND: { status: 404, message: 'El mensaje no existe' },
  CHAT_MUTE_NOT_FOUND: { status: 404, message: 'Ese espectador no está silenciado' },
  CHAT_LINK_INVALID: {
    status: 403,
    message:
      'La sesión de chat que deseas iniciar es inválida. Intenta escanear el código QR de nuevo.',
  },
  /** A password show's chat or poll without a genuine viewer token of that show (decision 0063). */
  VIEWER_TOKEN_INVALID: {
    status: 403,
    message:
      'Para participar en el chat y las encuestas, vuelve a entrar al evento con su contraseña.',
  },
  POLL_NOT_FOUND: { status: 404, message: 'La encuesta no existe' },
  POLL_NOT_ACTIVE: { status: 409, message: 'Esta encuesta ya no está activa' },
  POLL_OPTION_INVALID: { status: 422, message: 'Esa opción no pertenece a la encuesta' },
  POLL_ALREADY_ANSWERED: { status: 409, message: 'Ya respondiste esta encuesta' },
  POLL_ANSWER_NOT_FOUND: { status: 404, message: 'No has respondido esta encuesta' },
  POLL_ALREADY_ACTIVE: {
    status: 409,
    message: 'Ya hay una encuesta activa en este evento: ciérrala antes de activar otra',
  },
  POLLS_DISABLED: {
    status: 409,
    message:
      'Las encuestas no están activadas en este evento: actívalas con «polls» en su configuración',
  },
  DEVICE_REPLACED: {
    status: 403,
    message:
      'Hemos detectado que has ingresado a este contenido desde otro dispositivo o navegador.',
  },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERRORS, value);
}

/**
 * RATE_LIMITED when the wait is known to the second (the login's progressive
 * budgets, decision 0067): the same words with the wait spelled out, in
 * seconds under a minute, else in whole minutes rounded up.
 */
export function rateLimitedMessage(retryAfterSeconds: number): string {
  const seconds = Math.max(1, Math.ceil(retryAfterSeconds));
  const count = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  const wait = seconds < 60 ? count(seconds, 'segundo') : count(Math.ceil(seconds / 60), 'minuto');
  return `Demasiados intentos. Por favor espera ${wait} y vuelve a intentar.`;
}
