import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse as Response } from 'fastify';
import { MEDIA_PROBLEMS } from '../../src/domain/media-decisions';
import { DecodeSlots } from '../../server/modules/media/decode-slots';
import { uploadMedia } from '../../server/modules/media/media-upload-service';
import { multipartBody, smallPng, widePng } from '../support/photo-fixtures';
import { person, type Person } from './ruminations-support';
import { authHeader, setUpTestApp } from './support/test-app';

/**
 * One account's uploads cannot hold up another's (api-contract.md "Photos": no upload raises the
 * server's memory by more than 256 MB or holds another person's upload up for more than 2
 * seconds). With the one decode slot an instance has by default, one of the slowest pictures the
 * header check lets through (40 megapixels of PNG) holds the slot for 1 to 4 s, and a burst of
 * them for as long as it lasts: another person's small photo is decoded beside it, and answered
 * while it is still being decoded. What a decoder would have to hold whole, or at 16 bits a
 * sample, beyond the memory bound is refused from its header.
 */

const t = setUpTestApp({
  config: {
    media: { quotaBytes: 1 << 30, s3: undefined, decodeConcurrency: 1, sweepIntervalMs: 600_000 },
  },
});

function upload(as: Person, file: Buffer): Promise<Response> {
  const { body, contentType } = multipartBody(file, { filename: 'photo.png' });
  return t.app.inject({
    method: 'POST',
    url: '/api/media',
    headers: { ...authHeader(as.token), 'content-type': contentType },
    payload: body,
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('photo uploads of several people at once', () => {
  it('answers a small photo while another account’s largest pictures hold the decode slot', async () => {
    const [hostile, other] = [await person(t), await person(t)];
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-fairness-'));
    const wide = path.join(folder, 'wide.png');
    const small = path.join(folder, 'small.png');
    fs.writeFileSync(wide, await widePng());
    fs.writeFileSync(small, await smallPng());
    // The upload service with the one decode slot an instance has by default, watched.
    const slots = new DecodeSlots(1);
    const context = { db: t.db, storage: t.app.media.storage, slots, quotaBytes: 1 << 30 };
    const answered: string[] = [];
    const sent = <T>(who: string, upload: Promise<T>) =>
      upload.then((result) => {
        answered.push(who);
        return result;
      });
    try {
      const burst = [1, 2].map(() => sent('hostile', uploadMedia(context, hostile.id, wide)));
      // The burst's first is being decoded and its second waits: a second or more of work.
      while (slots.state.busy < 1 || slots.state.waiting < 1) await sleep(5);
      const mine = await sent('other', uploadMedia(context, other.id, small));
      expect(mine).toMatchObject({ width: 64, height: 48 });
      // Answered while the first of the burst was still being decoded: it waited for none of it.
      expect(answered).toEqual(['other']);
      expect(slots.state.busy).toBe(1);
      // They are pictures like any other: taken, in their turn.
      for (const result of await Promise.all(burst)) expect(result.width).toBe(2048);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses from its header a picture a decoder would hold whole beyond the memory bound', async () => {
    const owner = await person(t);
    // 25 megapixels of interlaced 8-bit RGBA: decoded whole, about 150 MB, and its encoders.
    const interlaced = await widePng({ width: 5_000, height: 5_000, interlaced: true });
    const res = await upload(owner, interlaced);
    expect(res.statusCode, res.body).toBe(MEDIA_PROBLEMS.unreadable.status);
    expect(res.json<{ title: string }>().title).toBe(MEDIA_PROBLEMS.unreadable.title);
    // The same picture not interlaced is read row by row: taken.
    const plain = await upload(owner, await widePng({ width: 5_000, height: 5_000 }));
    expect(plain.statusCode, plain.body).toBe(201);
    // 40 megapixels of 16-bit RGBA: read row by row, yet 223 MB.
    const deep = await upload(owner, await widePng({ bits: 16 }));
    expect(deep.statusCode, deep.body).toBe(MEDIA_PROBLEMS.unreadable.status);
  }, 60_000);
});
