import fs from 'node:fs';
import type { Readable } from 'node:stream';
import type * as S3Sdk from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config';
import type { MediaStorage } from './media-storage';

/** DeleteObjects takes at most this many keys a request (S3's limit). */
export const S3_DELETE_BATCH = 1000;

/**
 * Photos' files in an S3-compatible bucket (S3_BUCKET, S3_ENDPOINT, S3_REGION), shared by every
 * instance. Credentials come from the SDK's default chain (AWS_ACCESS_KEY_ID and
 * AWS_SECRET_ACCESS_KEY, a profile, an instance role), never from our own settings.
 *
 * Only "no such key" is an answer (`undefined`); any other failure (the bucket unreachable,
 * refused credentials) propagates, so a fetch answers 5xx only for a real outage, and the sweep
 * keeps the rows whose files it could not delete for its next run.
 *
 * The SDK is loaded on first use: it costs a server ~22 MB of memory and half a second to load,
 * which a deployment on the folder never pays (nor does it see the SDK's warnings).
 */
export function s3MediaStorage(settings: S3Settings, client?: S3Sdk.S3Client): MediaStorage {
  const Bucket = settings.bucket;
  let opening: Promise<{ sdk: typeof S3Sdk; client: S3Sdk.S3Client }> | undefined;
  const open = () =>
    (opening ??= loadSdk().then((sdk) => ({ sdk, client: client ?? clientOf(sdk, settings) })));
  return {
    description: `s3://${Bucket}`,
    async put(key, body, contentType) {
      const { sdk, client } = await open();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
        }),
      );
    },
    async putFile(key, file, contentType) {
      const { sdk, client } = await open();
      const { size } = await fs.promises.stat(file);
      // A stream of known length: one PutObject (up to 5 GB), never the whole file in memory.
      await client.send(
        new sdk.PutObjectCommand({
          Bucket,
          Key: key,
          Body: fs.createReadStream(file),
          ContentType: contentType,
          ContentLength: size,
        }),
      );
    },
    async get(key) {
      const { sdk, client } = await open();
      try {
        const object = await client.send(new sdk.GetObjectCommand({ Bucket, Key: key }));
        // In Node the SDK's body is an http.IncomingMessage: a Readable.
        return { body: object.Body as Readable, bytes: object.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return undefined;
        throw error;
      }
    },
    async delete(keys) {
      if (keys.length === 0) return;
      const { sdk, client } = await open();
      for (let start = 0; start < keys.length; start += S3_DELETE_BATCH) {
        const batch = keys.slice(start, start + S3_DELETE_BATCH);
        // A key with no object is a success in S3's DeleteObjects: only real failures are listed.
        const result = await client.send(
          new sdk.DeleteObjectsCommand({
            Bucket,
            Delete: { Objects: batch.map((Key) => ({ Key })), Quiet: true },
          }),
        );
        const failed = result.Errors ?? [];
        if (failed.length > 0) {
          const first = failed[0];
          throw new Error(
            `S3 could not delete ${failed.length} of ${batch.length} files from ${Bucket} (${first?.Key}: ${first?.Code} ${first?.Message})`,
          );
        }
      }
    },
  };
}

/** The client the storage makes for these settings (tests add middleware to one). */
export async function s3ClientOf(settings: S3Settings): Promise<S3Sdk.S3Client> {
  return clientOf(await loadSdk(), settings);
}

let sdkLoading: Promise<typeof S3Sdk> | undefined;
function loadSdk(): Promise<typeof S3Sdk> {
  return (sdkLoading ??= import('@aws-sdk/client-s3'));
}

/**
 * An endpoint other than AWS's (MinIO, Ceph, a local test server) is addressed by path
 * (`endpoint/bucket/key`): such servers rarely answer a bucket's own host name. Checksums only
 * where an operation requires one: S3-compatible servers that predate S3's newer default
 * checksums (CRC32 on every upload and download) reject or fail to verify them.
 */
function clientOf(sdk: typeof S3Sdk, settings: S3Settings): S3Sdk.S3Client {
  return new sdk.S3Client({
    region: settings.region,
    ...(settings.endpoint === undefined
      ? {}
      : { endpoint: settings.endpoint, forcePathStyle: true }),
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // The SDK waits forever by default: a bucket that stops answering would hold a photo's
    // request, and the sweep (with its lock) for good. Idle, not total: a slow reader's photo
    // streams on, paused, for up to a minute.
    requestHandler: { connectionTimeout: 5_000, socketTimeout: 60_000 },
  });
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof Error) || !('$metadata' in error)) return false;
  const { $metadata } = error as S3Sdk.S3ServiceException;
  // A missing bucket is a setting to fix, not a missing photo.
  if (error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || $metadata.httpStatusCode === 404;
}
