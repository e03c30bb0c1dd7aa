import { uploadEndpoints } from '@taquilla/contract/plain';
import { ApiError, apiCall, asErrorBody } from '../../../api/client';
import { ensureCartSessionId } from '../../../cart/cart-session-id';
import { esDeposit } from '../es-deposit';
import type { ProofKind } from '../proof-file';

/** The XHR's error body, when the storage answered one ({error, message}). */
function uploadError(xhr: XMLHttpRequest): ApiError {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText) as unknown;
  } catch {
    body = undefined;
  }
  const parsed = asErrorBody(body);
  if (parsed) return new ApiError(xhr.status, parsed.error, parsed.message, body);
  return new ApiError(xhr.status, `HTTP_${xhr.status}`, esDeposit.proof.failed, body);
}

/** PUT the file to the signed URL, with XMLHttpRequest because fetch reports no upload progress. */
function putFile(
  url: string,
  file: Blob,
  contentType: string,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('PUT', url);
    xhr.setRequestHeader('Content-Type', contentType);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve();
      else reject(uploadError(xhr));
    };
    xhr.onerror = () => reject(new ApiError(0, 'NETWORK_ERROR', esDeposit.proof.failed));
    xhr.onabort = () => reject(new DOMException('Upload aborted', 'AbortError'));
    signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
}

/**
 * The deposit proof upload (000 §7, decision 0019): GET /cart/orders/uploadUrl for this
 * show and this browser's `sessionID`, then PUT the file to the signed URL. Answers the
 * `link` the order carries as `payment_info.file_info`. The name sent is ours: only its
 * extension matters to the server, and it must agree with the content type.
 */
export async function uploadProof(
  showId: string,
  file: Blob,
  kind: ProofKind,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<string> {
  const { signedUrl, link } = await apiCall(uploadEndpoints.getProofUploadUrl, {
    query: {
      show_uid: showId,
      session_id: ensureCartSessionId(),
      filename: `comprobante.${kind.extension}`,
    },
    signal,
  });
  await putFile(signedUrl, file, kind.contentType, onProgress, signal);
  onProgress(1);
  return link;
}
