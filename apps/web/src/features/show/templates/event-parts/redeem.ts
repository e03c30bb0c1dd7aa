import type { MouseEvent } from 'react';
import { downloadRedeemPath } from '@taquilla/contract/plain';
import { env } from '../../../../config/env';

/**
 * A landing's download (002 §7 GET /etickets/downloads/redeem?filename=): the server
 * counts it and sends the file, so every download link goes through it.
 */
export function redeemHref(file: string): string {
  return `${env.apiBaseUrl}${downloadRedeemPath(file)}`;
}

/** Inside the console's preview a click downloads nothing (and counts nothing). */
export function previewGuard(preview: boolean | undefined) {
  return preview ? (event: MouseEvent) => event.preventDefault() : undefined;
}
