import { ConfigError, derivedSecret } from '../../config.ts';
import type { Config } from '../../config.ts';
import { createLocalStorage } from './storage.local.ts';
import { createS3Storage } from './storage.s3.ts';
import type { ObjectStorage } from './storage.types.ts';

export { registerStorageRoutes } from './storage.routes.ts';
export type { ObjectStorage } from './storage.types.ts';

export type StorageConfig = Pick<
  Config,
  | 'NODE_ENV'
  | 'PUBLIC_URL'
  | 'ADMIN_PASSWORD'
  | 'DATABASE_URL'
  | 'STORAGE_DRIVER'
  | 'STORAGE_DIR'
  | 'STORAGE_SIGNING_SECRET'
  | 'S3_ENDPOINT'
  | 'S3_BUCKET'
  | 'S3_REGION'
  | 'S3_ACCESS_KEY_ID'
  | 'S3_SECRET_ACCESS_KEY'
  | 'S3_FORCE_PATH_STYLE'
>;

/**
 * STORAGE_SIGNING_SECRET, else one derived from two values every deployment
 * already has and keeps private, so one machine works with no setup and every
 * API replica of a deployment derives the same one.
 */
export function storageSigningSecret(
  config: Pick<Config, 'STORAGE_SIGNING_SECRET' | 'ADMIN_PASSWORD' | 'DATABASE_URL'>,
): string {
  if (config.STORAGE_SIGNING_SECRET) return config.STORAGE_SIGNING_SECRET;
  return derivedSecret(config, 'taquilla:storage-signing:');
}

/** The configured driver (STORAGE_DRIVER): local disk by default, else S3. */
export function createObjectStorage(deps: {
  config: StorageConfig;
  clock: () => Date;
  log?: { warn: (message: string) => void };
}): ObjectStorage {
  const { config } = deps;
  if (config.STORAGE_DRIVER === 's3') {
    if (!config.S3_BUCKET) {
      throw new ConfigError(['S3_BUCKET: falta esta variable (STORAGE_DRIVER=s3)']);
    }
    const hasKeys = config.S3_ACCESS_KEY_ID && config.S3_SECRET_ACCESS_KEY;
    return createS3Storage({
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
      ...(hasKeys
        ? {
            credentials: {
              accessKeyId: config.S3_ACCESS_KEY_ID as string,
              secretAccessKey: config.S3_SECRET_ACCESS_KEY as string,
            },
          }
        : {}),
    });
  }
  if (config.NODE_ENV === 'production' && !config.STORAGE_SIGNING_SECRET) {
    deps.log?.warn(
      'STORAGE_SIGNING_SECRET is not set: storage URLs are signed with a secret derived ' +
        'from ADMIN_PASSWORD and DATABASE_URL; set one of its own',
    );
  }
  return createLocalStorage({
    dir: config.STORAGE_DIR,
    publicUrl: config.PUBLIC_URL,
    secret: storageSigningSecret(config),
    clock: deps.clock,
  });
}
