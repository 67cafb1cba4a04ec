import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse as Response } from 'fastify';
import { MEDIA_PROBLEMS } from '../../src/domain/media-decisions';
import { multipartBody, smallPng, widePng16 } from '../support/photo-fixtures';
import { person, type Person } from './ruminations-support';
import { authHeader, setUpTestApp } from './support/test-app';

/**
 * One account's uploads cannot hold up another's (api-contract.md "Photos": no upload raises the
 * server's memory by more than 256 MB or holds another person's upload up for more than 2
 * seconds). With the one decode slot an instance has by default, the slowest picture the header
 * check lets through (40 megapixels of 16-bit PNG) holds the slot for 1 to 4 s, and a burst of
 * them for as long as it lasts: another person's small photo is decoded beside it, and answered
 * while it is still being decoded. What a decoder would have to hold whole is refused from its
 * header.
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
    const [wide, small] = [await widePng16(), await smallPng()];
    const answered: string[] = [];
    const sent = (who: string, response: Promise<Response>) =>
      response.then((res) => {
        answered.push(who);
        return res;
      });
    const burst = [sent('hostile', upload(hostile, wide)), sent('hostile', upload(hostile, wide))];
    // The burst is in the slot and in line by now: each of its decodes takes a second or more.
    await sleep(300);
    const mine = await sent('other', upload(other, small));
    expect(mine.statusCode, mine.body).toBe(201);
    // Answered before the first of the burst: it waited for none of them.
    expect(answered).toEqual(['other']);
    // They are pictures like any other: taken, in their turn.
    for (const res of await Promise.all(burst)) expect(res.statusCode, res.body).toBe(201);
  }, 60_000);

  it('refuses from its header a picture a decoder would hold whole beyond the memory bound', async () => {
    const owner = await person(t);
    // 25 megapixels of interlaced 16-bit RGBA: decoded whole, about 290 MB.
    const interlaced = await widePng16({ width: 5_000, height: 5_000, interlaced: true });
    const res = await upload(owner, interlaced);
    expect(res.statusCode, res.body).toBe(MEDIA_PROBLEMS.unreadable.status);
    expect(res.json<{ title: string }>().title).toBe(MEDIA_PROBLEMS.unreadable.title);
    // The same picture not interlaced is read row by row: taken.
    const plain = await upload(owner, await widePng16({ width: 5_000, height: 5_000 }));
    expect(plain.statusCode, plain.body).toBe(201);
  }, 60_000);
});
