import {
  CopyObjectCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { Readable } from 'node:stream';
import { isWriteOnceKey, writeOnceKeyError } from './storage.keys.ts';
import type { ObjectStorage } from './storage.types.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** Absent for AWS itself; the service's address for MinIO, R2, s3rver and the like. */
  endpoint?: string;
  forcePathStyle: boolean;
  /** Absent: the SDK's default chain (environment, instance role, …). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

function status(err: unknown): number | undefined {
  return err instanceof S3ServiceException ? err.$metadata.httpStatusCode : undefined;
}

const isNotFound = (err: unknown) =>
  status(err) === 404 ||
  (err instanceof S3ServiceException && (err.name === 'NotFound' || err.name === 'NoSuchKey'));

/**
 * A bucket behind presigned URLs: the browser PUTs straight to it and the
 * API never carries the bytes. S3 cannot judge a file's content on PUT, so
 * the proof's bytes are checked when an order names it (verifyProofLink).
 */
export function createS3Storage(options: S3StorageOptions): ObjectStorage {
  const client = new S3Client({
    region: options.region,
    forcePathStyle: options.forcePathStyle,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    ...(options.credentials ? { credentials: options.credentials } : {}),
    // Checksums only where S3 demands them: by default the SDK signs a CRC32
    // of the (empty) presigning body into PUT URLs, and a browser's upload
    // of the real file then fails; on ranged reads there is nothing to check.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const Bucket = options.bucket;

  return {
    driver: 's3',

    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }),
        );
        for (const item of page.Contents ?? []) {
          if (item.Key && item.LastModified) yield { key: item.Key, modifiedAt: item.LastModified };
        }
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },

    async signedPutUrl(key, { contentType, expiresInSeconds }) {
      if (isWriteOnceKey(key)) throw writeOnceKeyError(key);
      // The type is signed (the presigner leaves it out unless told): the
      // browser must send this `Content-Type`, and the object is served with it.
      const command = new PutObjectCommand({ Bucket, Key: key, ContentType: contentType });
      return getSignedUrl(client, command, {
        expiresIn: expiresInSeconds,
        signableHeaders: new Set(['content-type']),
      });
    },

    signedGetUrl(key, expiresInSeconds) {
      const command = new GetObjectCommand({ Bucket, Key: key });
      return getSignedUrl(client, command, { expiresIn: expiresInSeconds });
    },

    async head(key) {
      try {
        const found = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
        return { size: found.ContentLength ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async readStart(key, bytes) {
      try {
        const found = await client.send(
          new GetObjectCommand({ Bucket, Key: key, Range: `bytes=0-${bytes - 1}` }),
        );
        if (!found.Body) return Buffer.alloc(0);
        const read = Buffer.from(await found.Body.transformToByteArray());
        // A server that ignores Range sends it all; keep the start only.
        return read.subarray(0, bytes);
      } catch (err) {
        if (isNotFound(err)) return null;
        // An empty object has no byte 0: S3 answers 416.
        if (status(err) === 416) return Buffer.alloc(0);
        throw err;
      }
    },

    async delete(key) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },

    async copy(from, to) {
      // Inside the bucket: the bytes never pass through the API. The copy keeps the
      // upload's `Content-Type` (signed into its PUT URL).
      const CopySource = `${Bucket}/${from.split('/').map(encodeURIComponent).join('/')}`;
      try {
        await client.send(new CopyObjectCommand({ Bucket, Key: to, CopySource }));
        return true;
      } catch (err) {
        if (isNotFound(err)) return false;
        throw err;
      }
    },

    async put(key, body, contentType) {
      await client.send(
        new PutObjectCommand({ Bucket, Key: key, Body: body, ContentType: contentType }),
      );
    },

    async openRead(key) {
      try {
        const found = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(found.Body instanceof Readable)) return null;
        return { body: found.Body, size: found.ContentLength ?? 0 };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },
  };
}
