import { telethonEndpoints } from '@taquilla/contract';
import type { TelethonCodes } from '@taquilla/contract';
import { apiCall } from '../../../../api/client';

/**
 * GET /cart/orders/teleton/?dpi= (002 §7): the codes bought with that DPI. Rejects with
 * the ApiError: 422 for a DPI the server refuses, 429 with its wait message.
 */
export function lookupTelethonCodes(dpi: string, signal?: AbortSignal): Promise<TelethonCodes> {
  return apiCall(telethonEndpoints.getTelethonCodes, { query: { dpi }, signal });
}
