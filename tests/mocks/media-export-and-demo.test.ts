import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accountExport } from '../../src/api/account-schemas';
import { mediaFileName, ruminationFileName } from '../../src/domain/markdown-export';
import { demoSeed } from '../../mocks/seed';
import { SEED_PICTURES } from '../../mocks/seed-photos';
import { getDb, resetMockBackend, saveDb } from '../../mocks/store/db';
import { createUser } from '../../mocks/store/factories';
import { setPersistence } from '../../mocks/store/persistence';
import type { MockDb } from '../../mocks/store/tables';
import { phonePhoto, smallPng } from '../support/photo-fixtures';
import { setupMediaBackend, fetchImage, upload, uploaded, write } from './media-calls';
import { api, ORIGIN, type Json } from './mock-backend';

setupMediaBackend();

/**
 * Photos in the mock backend (api-contract.md "Photos"), as tests/server/media*.test.ts check
 * the server: the same rules from the same shared code. Here: photos in the account export, in
 * the demo seed, and uploads and reads at once with the store saved as the demo saves it.
 * Decoding is sharp (tests/mocks/media-calls.ts).
 */

describe('the account export', () => {
  async function download(token: string, query: string) {
    const response = await fetch(`${ORIGIN}/api/account/export${query}`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return new Uint8Array(await response.arrayBuffer());
  }

  async function arrange() {
    const maya = createUser({ username: 'maya' });
    const leo = createUser({ username: 'leo' });
    const a = await uploaded(maya.token, await phonePhoto(400, 300));
    const b = await uploaded(maya.token);
    const leos = await uploaded(leo.token);
    const note = await write(maya.token, {
      content: 'With photos',
      publish: true,
      media: [
        { id: a, alt: 'The [harbour]' },
        { id: b, alt: '' },
      ],
    });
    await write(leo.token, { content: 'Leo’s', publish: true, media: [{ id: leos }] });
    return { maya, a, b, leos, noteId: note.json.id as number };
  }

  it('JSON lists each note’s photos as id, size and alt, in order, without URLs', async () => {
    const { maya, a, b } = await arrange();
    const text = strFromU8(await download(maya.token, '?format=json'));
    expect(text).not.toContain('/api/media/');
    const data = accountExport.parse(JSON.parse(text));
    expect(data.ruminations[0]!.media).toEqual([
      { id: a, width: 300, height: 400, alt: 'The [harbour]' },
      { id: b, width: 64, height: 48, alt: '' },
    ]);
  });

  it('the Markdown zip holds the photos as media/<id>.webp and the note links them', async () => {
    const { maya, a, b, leos, noteId } = await arrange();
    const files = unzipSync(await download(maya.token, '?format=markdown'));
    expect(Object.keys(files)).toContain(mediaFileName(a));
    expect(Object.keys(files)).toContain(mediaFileName(b));
    expect(Object.keys(files)).not.toContain(mediaFileName(leos));
    const meta = await sharp(Buffer.from(files[mediaFileName(a)]!)).metadata();
    expect([meta.format, meta.width, meta.height, meta.exif]).toEqual([
      'webp',
      300,
      400,
      undefined,
    ]);
    const name = ruminationFileName({ id: noteId, content: 'With photos' });
    const markdown = strFromU8(files[name]!);
    expect(markdown).toContain(`![The \\[harbour\\]](media/${a}.webp)`);
    expect(markdown).toContain(`![](media/${b}.webp)`);
  });
});

describe('the demo seed', () => {
  it('has three public notes with a photo each, with alt text and the sizes of their pictures', async () => {
    resetMockBackend(demoSeed);
    const list = await api('GET', '/api/ruminations/public?Limit=100');
    const withPhotos = (list.json as Json[]).filter((r) => r.media.length > 0);
    expect(withPhotos).toHaveLength(3);
    const pictures = Object.values(SEED_PICTURES).map((p) => [p.width, p.height]);
    for (const note of withPhotos) {
      const [m] = note.media as Json[];
      expect(m.alt.length).toBeGreaterThan(40);
      expect(pictures).toContainEqual([m.width, m.height]);
      expect(m.url).toContain('viewer=0&');
    }
    // Kept: a seed photo is held by its note, so no sweep takes it.
    expect(getDb().media.every((m) => m.ruminationId !== null && m.picture)).toBe(true);
  });
});

describe('calls running beside each other, with the store saved and re-read as in the demo', () => {
  function persistAsTheDemo(): void {
    let saved = '';
    setPersistence({
      load: () => (saved === '' ? null : (JSON.parse(saved) as MockDb)),
      save: (db) => {
        saved = JSON.stringify(db);
      },
    });
  }

  it('uploads at once each get their own id, row and files; first reads at once sign with one kept key', async () => {
    persistAsTheDemo();
    try {
      const { token } = createUser({ username: 'maya' });
      const colours = ['#ff0000', '#00ff00', '#0000ff', '#ffff00'];
      const files = await Promise.all(colours.map((c) => smallPng(40, 30, c)));
      const answers = await Promise.all(files.map((f) => upload(token, f)));
      const ids = answers.map((a) => a.json.id as number);
      expect(new Set(ids).size).toBe(4);
      expect(
        getDb()
          .media.map((m) => m.id)
          .sort(),
      ).toEqual([...ids].sort());
      await write(token, {
        content: 'Four colours',
        publish: true,
        media: ids.map((id) => ({ id })),
      });
      // As a store whose key is not made yet (a fresh demo's first screen reads several lists).
      getDb().mediaSecret = null;
      saveDb();
      const reads = await Promise.all(
        Array.from({ length: 4 }, () => api('GET', '/api/ruminations/public')),
      );
      for (const read of reads) {
        for (const m of read.json[0].media as Json[]) {
          expect((await fetchImage(m.thumbnailUrl)).response.status).toBe(200);
        }
      }
    } finally {
      setPersistence(null);
    }
  });
});
