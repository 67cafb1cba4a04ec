import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/**
 * A local S3-compatible server (s3rver) on 127.0.0.1 and a free port, with one empty bucket, its
 * objects in a temporary folder: the S3 photo storage's tests run against it as against a bucket.
 * s3rver checks request signatures against its own fixed credentials, which the SDK's default chain
 * reads from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY (set here when absent).
 */
export interface LocalS3 {
  /** As the server's S3Settings (S3_BUCKET, S3_ENDPOINT, S3_REGION) name this bucket. */
  settings: { bucket: string; endpoint: string; region: string };
  /** Where s3rver keeps the bucket's objects (`<directory>/<bucket>/<key>._S3rver_object`). */
  directory: string;
  /** The keys of the objects in the bucket now, sorted. */
  keys(): string[];
  stop(): Promise<void>;
}

export const LOCAL_S3_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

const OBJECT_SUFFIX = '._S3rver_object';

export async function startLocalS3(bucket = 'ruminations-test'): Promise<LocalS3> {
  process.env['AWS_ACCESS_KEY_ID'] ??= LOCAL_S3_CREDENTIALS.accessKeyId;
  process.env['AWS_SECRET_ACCESS_KEY'] ??= LOCAL_S3_CREDENTIALS.secretAccessKey;
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    // Path-style only, as the storage addresses a custom endpoint.
    vhostBuckets: false,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  return {
    settings: { bucket, endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1' },
    directory,
    keys() {
      const root = path.join(directory, bucket);
      if (!fs.existsSync(root)) return [];
      return (fs.readdirSync(root, { recursive: true }) as string[])
        .filter((file) => file.endsWith(OBJECT_SUFFIX))
        .map((file) => file.slice(0, -OBJECT_SUFFIX.length).split(path.sep).join('/'))
        .sort();
    },
    async stop() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
