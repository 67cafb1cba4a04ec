import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';
import { call, person, writeRumination, type Person } from './ruminations-support';

/**
 * JSON answers of about 1 KB and more cross the wire compressed for a client that accepts it
 * (server/http/api-compression.ts) when API_COMPRESSION is on (it is off by default); what the
 * client reads back is the same JSON.
 */

let t: TestApp;
let off: TestApp;
let me: Person;
let offMe: Person;

beforeAll(async () => {
  t = await createTestApp({ config: { apiCompression: true } });
  off = await createTestApp({ config: { apiCompression: false } });
  me = await person(t);
  offMe = await person(off);
  // Enough text on one page of /my to pass the threshold several times over.
  for (let i = 0; i < 8; i += 1) {
    await writeRumination(t, me, { content: `A long thought, number ${i}. `.repeat(20) });
    await writeRumination(off, offMe, { content: `A long thought, number ${i}. `.repeat(20) });
  }
});

afterAll(async () => {
  await t.close();
  await off.close();
});

/** A GET as `who` on `app`, offering `acceptEncoding` (none when undefined). */
const get = (app: TestApp, who: Person, url: string, acceptEncoding?: string) =>
  call(app, 'GET', url, {
    as: who,
    headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
  });
const myPage = (acceptEncoding?: string) => get(t, me, '/api/ruminations/my', acceptEncoding);

describe('compressed JSON answers', () => {
  it('sends gzip to a browser that offers it, and the JSON reads back the same', async () => {
    const plain = await myPage();
    const res = await myPage('gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers['vary']).toMatch(/accept-encoding/i);
    expect(Number(res.headers['content-length'])).toBe(res.rawPayload.length);
    expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(zlib.gunzipSync(res.rawPayload).toString('utf8'))).toEqual(plain.json());
  });

  it('sends gzip when the client takes it, whatever else it prefers', async () => {
    for (const accepted of ['gzip', 'br;q=0, gzip', 'br;q=1, gzip;q=0.5']) {
      const res = await myPage(accepted);
      expect(res.headers['content-encoding']).toBe('gzip');
      const items = JSON.parse(zlib.gunzipSync(res.rawPayload).toString('utf8')) as unknown[];
      expect(items).toHaveLength(8);
    }
  });

  it('sends the plain JSON to a client that asks for no encoding or one the server lacks', async () => {
    for (const accepted of [undefined, 'identity', 'deflate', 'br', 'br, gzip;q=0']) {
      const res = await myPage(accepted);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['vary']).toMatch(/accept-encoding/i);
      expect(res.json<unknown[]>()).toHaveLength(8);
    }
  });

  it('leaves a short answer as it is', async () => {
    const res = await get(t, me, '/api/ruminations/my?isPublic=false', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.body.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('leaves streamed answers to themselves (the export is read as it is written)', async () => {
    const res = await get(t, me, '/api/account/export?format=json', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.length).toBeGreaterThan(1024);
  });

  it('can be turned off (API_COMPRESSION=false)', async () => {
    const res = await get(off, offMe, '/api/ruminations/my', 'br, gzip');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json<unknown[]>()).toHaveLength(8);
  });
});
