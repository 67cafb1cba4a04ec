import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressBuild } from '../../build/precompress';
import { createTestApp, type TestApp } from './support/test-app';

const INLINE_SCRIPT = 'document.documentElement.classList.add("dark")';

describe('serving the built web app', () => {
  let t: TestApp;
  let dist: string;
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), 'ruminations-dist-'));
    fs.mkdirSync(path.join(dist, 'assets'));
    // As the build writes it (build/inline-boot-scripts.ts): the page's own inline scripts.
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><title>Fake SPA</title><script>${INLINE_SCRIPT}</script>`,
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
    fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg/>');
    // A real build's compressed copies (build/precompress.ts), run over this folder.
    fs.writeFileSync(
      path.join(dist, 'assets', 'big-def456.js'),
      `export const a = '${'x'.repeat(5000)}';`,
    );
    await precompressBuild(dist);
    t = await createTestApp({ config: { staticDir: dist } });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('serves index.html at / and for deep links, with the security headers', async () => {
    for (const url of ['/', '/user/3', '/activate?token=abc', '/my-ruminations']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.body).toContain('Fake SPA');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(String(res.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
      expect(res.headers['cache-control']).not.toBe('public, max-age=31536000, immutable');
    }
  });

  it("answers the app's pages 200, deep links with their ids and tokens included", async () => {
    for (const url of [
      '/rumination/42',
      '/user/7?view=all',
      '/user/',
      '/reset-password?token=abc.def',
      '/unsubscribe?token=x',
      '/my-feed/',
      '/Trash',
      '/people',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toContain('Fake SPA');
    }
  });

  it("answers a path that is none of the app's pages 404, with the app (its not-found page)", async () => {
    for (const url of [
      '/no-such-page',
      '/rumination/abc',
      '/rumination/42/more',
      '/user/0',
      '/settings/extra',
      '/ruminations/42',
      '/users/7?view=all',
    ]) {
      for (const method of ['GET', 'HEAD'] as const) {
        const res = await t.app.inject({ method, url });
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^text\/html/);
        if (method === 'GET') expect(res.body, url).toContain('Fake SPA');
        // The document's own headers, as on any page: its policy lets its inline scripts run.
        expect(String(res.headers['content-security-policy'])).toContain("'sha256-");
        expect(res.headers['cache-control'], url).toBe('no-cache');
      }
    }
  });

  it("allows exactly index.html's own inline scripts, by their hashes", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/public' });
    const scriptSrc = /script-src ([^;]*)/.exec(
      String(res.headers['content-security-policy']),
    )?.[1];
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    expect(scriptSrc).toBe(`'self' 'sha256-${hash}'`);
  });

  it('serves hashed assets as immutable, with only the headers a script needs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('console.log(1)');
    expect(res.headers['cache-control']).toContain('immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    // A document's policies mean nothing on a script: each was bytes on every first visit.
    for (const name of [
      'content-security-policy',
      'strict-transport-security',
      'cross-origin-opener-policy',
      'x-frame-options',
      'referrer-policy',
      'etag',
      'last-modified',
    ]) {
      expect(res.headers[name], name).toBeUndefined();
    }
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
  });

  it('sends the brotli copy to browsers that take it, else gzip, else the file', async () => {
    const original = fs.readFileSync(path.join(dist, 'assets', 'big-def456.js'));
    const get = (encoding: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/big-def456.js',
        headers: { 'accept-encoding': encoding },
      });
    const br = await get('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.rawPayload.length).toBeLessThan(original.length / 10);
    expect(zlib.brotliDecompressSync(br.rawPayload)).toEqual(original);
    expect(br.headers['cache-control']).toContain('immutable');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    const gz = await get('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload)).toEqual(original);
    const plain = await get('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload).toEqual(original);
  });

  it('answers a missing asset 404, never the page in its place', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/index-old999.js' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).not.toMatch(/^text\/html/);
  });

  it('keeps /api out of the fallback', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/unknown' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('does not answer other methods with the page', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/user/3' });
    expect(res.statusCode).toBe(404);
  });
});
