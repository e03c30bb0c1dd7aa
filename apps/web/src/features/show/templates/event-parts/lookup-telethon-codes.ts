import { telethonEndpoints } from '@taquilla/contract/plain';
import type { SendTelethonCodesResult, TelethonCodes } from '@taquilla/contract';
import { apiCall } from '../../../../api/client';

/**
 * GET /cart/orders/teleton/?dpi=&show_uid= (002 §7, decision 0060): the page's telethon
 * codes bought with that DPI, whole for the signed-in buyer and masked for anyone else.
 * Rejects with the ApiError: 422 for a DPI the server refuses, 429 with its wait message.
 */
export function lookupTelethonCodes(
  dpi: string,
  showId: string,
  signal?: AbortSignal,
): Promise<TelethonCodes> {
  return apiCall(telethonEndpoints.getTelethonCodes, {
    query: { dpi, show_uid: showId },
    signal,
  });
}

/**
 * POST /cart/orders/teleton/send ("Enviarme mis códigos"): the whole codes go to each
 * order's e-mail; the answer is the same whether or not there were any.
 */
export function sendTelethonCodes(dpi: string, showId: string): Promise<SendTelethonCodesResult> {
  return apiCall(telethonEndpoints.sendTelethonCodes, { body: { dpi, show_uid: showId } });
}
