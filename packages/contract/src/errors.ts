import { z } from 'zod';

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
  RATE_LIMITED: {
    status: 429,
    message: 'Demasiados intentos. Por favor espera un momento y vuelve a intentar.',
  },
  // ── requests the gateway refuses before any route runs ──
  BAD_REQUEST: { status: 400, message: 'La solicitud no es válida' },
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
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;

export const errorCodeSchema = z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]);

export const fieldIssueSchema = z.object({
  field: z.string(),
  message: z.string(),
});

export const errorResponseSchema = z.object({
  error: z.string(),
  message: z.string(),
  fields: z.array(fieldIssueSchema).optional(),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type FieldIssue = z.infer<typeof fieldIssueSchema>;
