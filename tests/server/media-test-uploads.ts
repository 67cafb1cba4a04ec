import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { TestApp } from './support/test-app';
import { insertMedia } from '../../server/modules/media/media-queries';
import { mediaFileKey } from '../../server/modules/media/media-storage';
import { unattachedEraseAfter } from '../../src/domain/media-decisions';

/**
 * Uploads as POST /api/media leaves them (a row and its four files), written straight to the
 * database and the app's media storage: the tests of notes' photos do not depend on decoding.
 */

/** A small image in one colour, in both stored formats. */
async function imageFiles(width: number, height: number) {
  const image = sharp({
    create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
  });
  return {
    webp: await image.clone().webp().toBuffer(),
    jpeg: await image.clone().jpeg().toBuffer(),
  };
}

export interface TestUpload {
  id: number;
  width: number;
  height: number;
  storageKey: string;
}

export async function testUpload(
  t: TestApp,
  owner: { id: number },
  size: { width: number; height: number } = { width: 64, height: 48 },
): Promise<TestUpload> {
  const storageKey = `test/${randomBytes(8).toString('hex')}`;
  const photo = await imageFiles(size.width, size.height);
  const thumbnail = await imageFiles(Math.ceil(size.width / 4), Math.ceil(size.height / 4));
  for (const [variant, files] of [
    ['photo', photo],
    ['thumbnail', thumbnail],
  ] as const) {
    await t.app.media.storage.put(
      mediaFileKey(storageKey, variant, 'webp'),
      files.webp,
      'image/webp',
    );
    await t.app.media.storage.put(
      mediaFileKey(storageKey, variant, 'jpeg'),
      files.jpeg,
      'image/jpeg',
    );
  }
  const bytes =
    photo.webp.length + photo.jpeg.length + thumbnail.webp.length + thumbnail.jpeg.length;
  const id = await insertMedia(t.db, {
    owner_id: owner.id,
    width: size.width,
    height: size.height,
    thumbnail_width: Math.ceil(size.width / 4),
    thumbnail_height: Math.ceil(size.height / 4),
    bytes,
    storage_key: storageKey,
    create_tms: new Date().toISOString(),
    erase_after: unattachedEraseAfter(new Date()),
  });
  return { id, ...size, storageKey };
}
