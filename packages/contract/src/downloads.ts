import { z } from 'zod';
import { adminShowParamsSchema } from './admin-fields.ts';
import { defineEndpoints } from './endpoints.ts';
import type { EndpointDefinition } from './endpoints.ts';

// Counted downloads of a landing page's files (001 §2 album, 002 §2.8, §7; the
// files are `settings.landing.downloads[].file` and `settings.landing.zip.file`;
// docs/decisions/0038-dpi-lookup-and-download-redeem.md).

/** GET /etickets/downloads/redeem?filename= : the file exactly as the page lists it. */
export const downloadRedeemQuerySchema = z.object({
  filename: z.string().min(1).max(1000),
});
export type DownloadRedeemQuery = z.infer<typeof downloadRedeemQuerySchema>;

/**
 * The answer to a caller that asks for JSON (the page's own call on a click):
 * where the file is. A navigation (a link) gets a 302 to it instead.
 */
export const downloadRedeemSchema = z.object({
  /**
   * A path on this site (`/storage/public/…`, `/media/…`) or a URL on this site or
   * in its storage (decision 0066); anything else is refused with DOWNLOAD_NOT_ALLOWED.
   */
  file: z.string(),
});
export type DownloadRedeem = z.infer<typeof downloadRedeemSchema>;

/**
 * The endpoint answers JSON or a redirect, so the API registers it by hand
 * (registerEndpoint speaks JSON only); the contract entry still gives its
 * schemas, its operation id and its documented errors. A link to it is
 * `downloadRedeemPath(file)`.
 */
export const downloadEndpoints = defineEndpoints('', {
  redeemDownload: {
    method: 'GET',
    path: '/etickets/downloads/redeem',
    summary:
      'Cuenta una descarga de un archivo de la página de un evento y redirige a él (302); con Accept: application/json responde su dirección',
    tags: ['etickets'],
    query: downloadRedeemQuerySchema,
    response: downloadRedeemSchema,
    status: 200,
    errors: ['DOWNLOAD_NOT_FOUND', 'DOWNLOAD_NOT_ALLOWED', 'VALIDATION_ERROR', 'RATE_LIMITED'],
  },
} as const satisfies Record<string, EndpointDefinition>);

// The link holds no schema: a landing page builds it without zod (decision 0070).
export * from './download-links.ts';

/** How many times one file of the show was redeemed. */
export const adminShowDownloadSchema = z.object({
  file: z.string(),
  /** The title the page gives the file; null for a file the page no longer lists. */
  title: z.string().nullable(),
  count: z.number().int().min(0),
});
export type AdminShowDownload = z.infer<typeof adminShowDownloadSchema>;

/**
 * The show's files in page order (the tracks, then the zip), each with its
 * count (0 when never downloaded), then files it no longer lists that were
 * downloaded, most downloaded first.
 */
export const adminShowDownloadsSchema = z.object({ items: z.array(adminShowDownloadSchema) });
export type AdminShowDownloads = z.infer<typeof adminShowDownloadsSchema>;

const GUARD = ['UNAUTHORIZED', 'SESSION_EXPIRED', 'FORBIDDEN'] as const;

/** Admin or Producer; another producer's show answers 404. */
export const adminDownloadEndpoints = defineEndpoints('admin', {
  listShowDownloads: {
    method: 'GET',
    path: '/admin/shows/:id/downloads',
    summary: 'Descargas contadas de cada archivo de la página del evento',
    tags: ['admin'],
    params: adminShowParamsSchema,
    paramNotFound: { id: 'SHOW_NOT_FOUND' },
    response: adminShowDownloadsSchema,
    status: 200,
    errors: [...GUARD, 'SHOW_NOT_FOUND'],
  },
} as const satisfies Record<string, EndpointDefinition>);
