import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaStorage } from '../../server/modules/media/media-storage';
import { folderMediaStorage } from '../../server/modules/media/media-storage-folder';
import {
  s3ClientOf,
  s3MediaStorage,
  S3_DELETE_BATCH,
} from '../../server/modules/media/media-storage-s3';
import { startLocalS3, type LocalS3 } from '../support/local-s3';

/**
 * The photo storage's contract (server/modules/media/media-storage.ts), the same for the folder
 * and an S3-compatible bucket (s3rver): what is put is got back whole with its size, a missing
 * key is `undefined`, delete removes and skips keys with no file.
 */

let folderRoot: string;
let s3: LocalS3;

beforeAll(async () => {
  folderRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-media-'));
  s3 = await startLocalS3();
});

afterAll(async () => {
  await s3?.stop();
  fs.rmSync(folderRoot, { recursive: true, force: true });
});

let serial = 0;
const freshKey = (file = 'photo.webp') => `ab/${++serial}-${Date.now().toString(36)}/${file}`;

async function read(storage: MediaStorage, key: string): Promise<string | undefined> {
  const got = await storage.get(key);
  return got && text(got.body);
}

describe.each([
  ['folder', () => folderMediaStorage(folderRoot)],
  ['s3', () => s3MediaStorage(s3.settings)],
] as const)('%s storage', (_name, open) => {
  it('gives back what was put, with its size; a key put again holds the newer bytes', async () => {
    const storage = open();
    const key = freshKey();
    const bytes = Buffer.from('a photo, as bytes é');
    await storage.put(key, bytes, 'image/webp');
    const got = await storage.get(key);
    expect(got?.bytes).toBe(bytes.length);
    expect(await text(got!.body)).toBe(bytes.toString());
    await storage.put(key, Buffer.from('newer'), 'image/webp');
    expect(await read(storage, key)).toBe('newer');
  });

  it('answers undefined for a key with no file', async () => {
    expect(await open().get(freshKey())).toBeUndefined();
  });

  it('deletes the files under the keys given, skips keys with no file, keeps the others', async () => {
    const storage = open();
    const folder = freshKey('').slice(0, -1);
    const [photo, thumbnail, other] = [
      `${folder}/photo.webp`,
      `${folder}/thumbnail.webp`,
      freshKey(),
    ];
    for (const key of [photo, thumbnail, other])
      await storage.put(key, Buffer.from(key), 'image/webp');
    await storage.delete([photo, `${folder}/photo.jpg`, thumbnail]);
    expect(await storage.get(photo)).toBeUndefined();
    expect(await storage.get(thumbnail)).toBeUndefined();
    expect(await read(storage, other)).toBe(other);
    await storage.delete([photo, thumbnail]);
    await storage.delete([]);
  });
});

describe('s3 storage', () => {
  it('is described as its bucket and stores the content type', async () => {
    const storage = s3MediaStorage(s3.settings);
    expect(storage.description).toBe(`s3://${s3.settings.bucket}`);
    const key = freshKey('photo.jpg');
    await storage.put(key, Buffer.from('jpeg'), 'image/jpeg');
    const object = await (
      await s3ClientOf(s3.settings)
    ).send(new GetObjectCommand({ Bucket: s3.settings.bucket, Key: key }));
    expect(object.ContentType).toBe('image/jpeg');
    expect(s3.keys()).toContain(key);
  });

  it('deletes in batches of 1000 keys (S3 takes no more in one request)', async () => {
    const client = await s3ClientOf(s3.settings);
    const requests: number[] = [];
    client.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'DeleteObjectsCommand') {
          const input = args.input as { Delete: { Objects: unknown[] } };
          requests.push(input.Delete.Objects.length);
        }
        return next(args);
      },
      { step: 'initialize' },
    );
    const storage = s3MediaStorage(s3.settings, client);
    const kept = freshKey();
    const keys = Array.from({ length: S3_DELETE_BATCH + 5 }, () => freshKey());
    await storage.put(keys[0]!, Buffer.from('first'), 'image/webp');
    await storage.put(keys.at(-1)!, Buffer.from('last'), 'image/webp');
    await storage.put(kept, Buffer.from('kept'), 'image/webp');
    await storage.delete(keys);
    expect(requests).toEqual([S3_DELETE_BATCH, 5]);
    expect(await storage.get(keys[0]!)).toBeUndefined();
    expect(await storage.get(keys.at(-1)!)).toBeUndefined();
    expect(await read(storage, kept)).toBe('kept');
  });

  it('lets failures other than a missing key through: a missing bucket, a server that is down', async () => {
    const noBucket = s3MediaStorage({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(noBucket.get(freshKey())).rejects.toThrow();
    await expect(noBucket.put(freshKey(), Buffer.from('x'), 'image/webp')).rejects.toThrow();
    const down = s3MediaStorage({ ...s3.settings, endpoint: 'http://127.0.0.1:9' });
    await expect(down.get(freshKey())).rejects.toThrow();
  });
});
