import type { AdminAccessCode } from '@taquilla/contract';
import type { AccessCode } from '../../../generated/prisma/client.ts';

/**
 * Row → wire; `active` as the player decides it (not revoked, not past `expires_on`);
 * `usedAt` the code's first presence record, if any.
 */
export function toAdminAccessCode(
  row: AccessCode,
  now: Date,
  usedAt: Date | null = null,
): AdminAccessCode {
  return {
    _id: row.id,
    show_uid: row.showId,
    code: row.code,
    expires_on: row.expiresOn?.toISOString() ?? null,
    revoked_at: row.revokedAt?.toISOString() ?? null,
    active: row.revokedAt === null && (row.expiresOn === null || row.expiresOn > now),
    createdAt: row.createdAt.toISOString(),
    used_at: usedAt?.toISOString() ?? null,
  };
}

const CSV_HEADER = 'code,expires_on,active,created_at,used_at';

/**
 * The download: one code per line. Every value is a code of the unambiguous
 * alphabet, an ISO date or a boolean, so nothing needs quoting and no cell can
 * start a spreadsheet formula.
 */
export function toAccessCodeCsv(codes: readonly AdminAccessCode[]): string {
  const lines = codes.map((c) =>
    [c.code, c.expires_on ?? '', c.active ? 'true' : 'false', c.createdAt, c.used_at ?? ''].join(
      ',',
    ),
  );
  return `${[CSV_HEADER, ...lines].join('\r\n')}\r\n`;
}
