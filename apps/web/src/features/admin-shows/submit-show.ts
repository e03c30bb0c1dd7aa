import {
  adminShowCreateSchema,
  adminShowPatchSchema,
  showSettingsWriteSchema,
} from '@taquilla/contract';
import type { AdminShowCreateInput, AdminShowPatchInput } from '@taquilla/contract';
import { ApiError } from '../../api/client';
import { fieldErrors } from '../../components/form/field-errors';
import { es } from '../../i18n/es';
import { issuesByField } from './show-draft';

export type Refusal = { message: string; errors: Record<string, string> };

/**
 * The contract's own check of a body before it is sent, with the messages keyed as the
 * server names fields in a 422 (`settings.currency`); null when it passes.
 */
export function checkCreate(body: AdminShowCreateInput): Record<string, string> | null {
  const result = adminShowCreateSchema.safeParse(body);
  return result.success ? null : issuesByField(result.error.issues);
}

/** A PATCH body and the settings it leaves the show with (the server checks the merge). */
export function checkPatch(
  body: AdminShowPatchInput,
  mergedSettings: Record<string, unknown>,
): Record<string, string> | null {
  const errors: Record<string, string> = {};
  const result = adminShowPatchSchema.safeParse(body);
  if (!result.success) Object.assign(errors, issuesByField(result.error.issues));
  if (body.settings) {
    const settings = showSettingsWriteSchema.safeParse(mergedSettings);
    if (!settings.success) Object.assign(errors, issuesByField(settings.error.issues, 'settings'));
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

/**
 * A refusal as the form shows it: the 422's fields beside their inputs, and a taken
 * vanity path (409 SHOW_PATH_TAKEN) under the path's own field.
 */
export function refusalOf(cause: unknown): Refusal {
  if (!(cause instanceof ApiError)) return { message: es.errors.unexpected, errors: {} };
  const errors: Record<string, string> = { ...fieldErrors(cause.fields) };
  if (cause.error === 'SHOW_PATH_TAKEN') errors.path = cause.message;
  return { message: cause.message, errors };
}
