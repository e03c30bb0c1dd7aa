import { adminShowImageEndpoints } from '@taquilla/contract/plain';
import type { AdminShowImage, ShowImageField } from '@taquilla/contract';
import { ApiError, answerOf, asErrorBody, buildUrl } from '../../api/client';
import { es } from '../../i18n/es';

/** The largest file the gateway takes (UPLOAD_MAX_BYTES), checked here first to spare the upload. */
export const SHOW_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const SHOW_IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * POST /admin/shows/{id}/images?field=: the file's bytes as the body (not JSON, so not
 * through apiCall); the answer is the image's public address. Refusals are ApiErrors
 * with the gateway's Spanish message, like every other call.
 */
export async function uploadShowImage(
  showId: string,
  field: ShowImageField,
  file: Blob,
): Promise<AdminShowImage> {
  const endpoint = adminShowImageEndpoints.uploadShowImage;
  let response: Response;
  try {
    response = await fetch(buildUrl(endpoint.path, { id: showId }, { field }), {
      method: endpoint.method,
      headers: {
        Accept: 'application/json',
        'Content-Type': file.type || 'application/octet-stream',
      },
      body: file,
      credentials: 'include',
    });
  } catch {
    throw new ApiError(0, 'NETWORK_ERROR', es.errors.network);
  }
  const body: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const refusal = asErrorBody(body);
    if (refusal) throw new ApiError(response.status, refusal.error, refusal.message, body);
    throw new ApiError(response.status, 'INTERNAL_ERROR', es.errors.unexpected, body);
  }
  return answerOf(endpoint, response.status, body);
}
