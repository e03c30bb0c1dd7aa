import type { FieldIssue } from '@taquilla/contract';

/**
 * The server's 422 messages by field (`password` → "Esta contraseña es muy común…"), so a
 * form shows each next to its field. The first message of a field wins.
 */
export function fieldErrors(fields: readonly FieldIssue[]): Readonly<Record<string, string>> {
  const byField: Record<string, string> = {};
  for (const { field, message } of fields) byField[field] ??= message;
  return byField;
}
