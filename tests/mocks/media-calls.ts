import { afterAll, beforeAll, expect } from 'vitest';
import { setMediaCodec } from '../../mocks/media-codec';
import { multipartBody, smallPng } from '../support/photo-fixtures';
import { api, ORIGIN, setupMockBackend, type Json } from './mock-backend';
import { sharpMediaCodec } from './sharp-media-codec';

/**
 * What the photo tests of the mock backend (tests/mocks/media-*.test.ts) share: a fresh store per
 * test with sharp as the codec, and the calls they make.
 */

/**
 * The mock backend of every test (setupMockBackend) with sharp decoding uploads: the demo's canvas
 * has no node counterpart, so the codec is injected.
 */
export function setupMediaBackend(): void {
  setupMockBackend();
  beforeAll(() => setMediaCodec(sharpMediaCodec));
  afterAll(() => setMediaCodec(undefined));
}

export async function upload(
  token: string | null,
  file: Buffer,
  options: Parameters<typeof multipartBody>[1] = {},
) {
  const { body, contentType } = multipartBody(file, options);
  const headers: Record<string, string> = { 'Content-Type': contentType };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${ORIGIN}/api/media`, {
    method: 'POST',
    headers,
    body: new Uint8Array(body),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

/**
 * A photo's URL fetched as an `<img>` would: with the photo cookies MSW's jar holds (set by earlier
 * signed-in answers), and optionally a bearer token (the service worker's) or a Cookie header.
 */
export async function fetchImage(
  url: string,
  accept = 'image/avif,image/webp,image/*,*/*;q=0.8',
  token?: string,
  cookie?: string,
) {
  const headers: Record<string, string> = { Accept: accept };
  if (token !== undefined) headers.Authorization = `Bearer ${token}`;
  if (cookie !== undefined) headers.Cookie = cookie;
  const response = await fetch(`${ORIGIN}${url}`, { headers });
  return { response, bytes: Buffer.from(await response.arrayBuffer()) };
}

export async function uploaded(token: string, file?: Buffer): Promise<number> {
  const r = await upload(token, file ?? (await smallPng()));
  expect(r.status).toBe(201);
  return r.json.id as number;
}

export async function write(token: string, body: Json, id?: number) {
  return id === undefined
    ? api('POST', '/api/ruminations', { token, body })
    : api('PUT', `/api/ruminations/${id}`, { token, body });
}
