import { ERRORS } from '@taquilla/contract';
import type { ErrorCode, FieldIssue } from '@taquilla/contract';

/**
 * The one error type services throw. The code decides the HTTP status and the
 * Spanish message (both declared once in @taquilla/contract).
 */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    readonly options: {
      fields?: FieldIssue[];
      message?: string;
      cause?: unknown;
      /** RATE_LIMITED: seconds until the caller may try again (Retry-After). */
      retryAfterSeconds?: number;
      /** CARD_DECLINED: the card network's response code, answered as `response_code`. */
      responseCode?: string;
      /** ALREADY_ACTIVATED: the show the caller already has access to, answered as `show_uid`. */
      showUid?: string;
      /** TICKET_ALREADY_CHECKED_IN: when the code came in, answered as `checked_in_at`. */
      checkedInAt?: string;
    } = {},
  ) {
    super(options.message ?? ERRORS[code].message, { cause: options.cause });
    this.name = 'AppError';
    this.status = ERRORS[code].status;
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** A 422 naming one field, for rules the contract's schemas cannot see (they need the database). */
export function invalidField(field: string, message: string): AppError {
  return new AppError('VALIDATION_ERROR', { fields: [{ field, message }] });
}

/** PostgreSQL unique violation as Prisma reports it. */
export function isUniqueViolation(err: unknown): boolean {
  return (
    typeof err === 'object' &&
    err !== null &&
    'code' in err &&
    (err as { code: unknown }).code === 'P2002'
  );
}
