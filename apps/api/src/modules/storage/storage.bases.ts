import type { Config } from '../../config.ts';

/**
 * Where the organiser's files in storage are reached from a browser, each
 * ending in `/`: the local driver's `/storage/` under PUBLIC_URL; with S3 the
 * bucket's own address (path-style or virtual-hosted, as the SDK is told),
 * on S3_ENDPOINT or AWS's regional host. Never a whole S3 host: other people's
 * buckets live there too (decision 0066).
 */
export function storagePublicBases(
  config: Pick<
    Config,
    | 'PUBLIC_URL'
    | 'STORAGE_DRIVER'
    | 'S3_ENDPOINT'
    | 'S3_BUCKET'
    | 'S3_REGION'
    | 'S3_FORCE_PATH_STYLE'
  >,
): string[] {
  if (config.STORAGE_DRIVER !== 's3') return [`${config.PUBLIC_URL.replace(/\/+$/, '')}/storage/`];
  if (!config.S3_BUCKET) return [];
  const endpoint =
    config.S3_ENDPOINT && URL.canParse(config.S3_ENDPOINT)
      ? new URL(config.S3_ENDPOINT)
      : new URL(`https://s3.${config.S3_REGION}.amazonaws.com`);
  const path = endpoint.pathname.replace(/\/+$/, '');
  return [
    config.S3_FORCE_PATH_STYLE
      ? `${endpoint.origin}${path}/${config.S3_BUCKET}/`
      : `${endpoint.protocol}//${config.S3_BUCKET}.${endpoint.host}${path}/`,
  ];
}
