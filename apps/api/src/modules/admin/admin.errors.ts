import { AppError } from '../../errors.ts';

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
