import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accountExport } from '../../src/api/account-schemas';
import type { Rumination } from '../../src/api/rumination-schemas';
import { mediaFileName, ruminationFileName } from '../../src/domain/markdown-export';
import { setUpTestApp } from './support/test-app';
import { call, person, type Person } from './ruminations-support';
import { testUpload } from './media-test-uploads';

/**
 * The export carries the photos (api-contract.md "Photos"): the JSON lists each rumination's
 * `media` as ids, sizes and alt (no URL: it would expire within hours); the Markdown zip holds each
 * photo as media/<id>.webp and each note's file links it.
 */

const t = setUpTestApp();

async function create(author: Person, content: string, media: unknown): Promise<Rumination> {
  const res = await call(t, 'POST', '/api/ruminations', {
    as: author,
    body: { content, publish: false, media },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Rumination>();
}

describe('the export of notes with photos', () => {
  it('JSON: each rumination lists its media in order, ids, sizes and alt, without URLs', async () => {
    const me = await person(t);
    const [a, b] = [await testUpload(t, me), await testUpload(t, me, { width: 20, height: 40 })];
    const r = await create(me, 'two photos', [
      { id: b.id, alt: 'tall' },
      { id: a.id, alt: 'wide' },
    ]);
    const plain = await create(me, 'no photos', []);
    const res = await call(t, 'GET', '/api/account/export?format=json', { as: me });
    expect(res.statusCode).toBe(200);
    const raw = JSON.parse(res.body) as { ruminations: Record<string, unknown>[] };
    expect(raw.ruminations.map((x) => [x.id, x.media])).toEqual([
      [plain.id, []],
      [
        r.id,
        [
          { id: b.id, width: 20, height: 40, alt: 'tall' },
          { id: a.id, width: 64, height: 48, alt: 'wide' },
        ],
      ],
    ]);
    expect(res.body).not.toContain('/api/media/');
    expect(accountExport.safeParse(raw).success).toBe(true);
  });

  it('Markdown: the zip holds media/<id>.webp, bytes that decode, linked from the note’s file', async () => {
    const me = await person(t);
    const [a, b] = [
      await testUpload(t, me, { width: 80, height: 60 }),
      await testUpload(t, me, { width: 30, height: 50 }),
    ];
    const r = await create(me, 'A day at the sea', [
      { id: a.id, alt: 'The [blue] sea,\nat noon' },
      { id: b.id, alt: '' },
    ]);
    // Another account's photo is not in my export.
    const other = await person(t);
    const theirs = await testUpload(t, other);
    await create(other, 'theirs', [{ id: theirs.id }]);

    const res = await call(t, 'GET', '/api/account/export?format=markdown', { as: me });
    expect(res.statusCode).toBe(200);
    const files = unzipSync(new Uint8Array(res.rawPayload));
    const names = Object.keys(files);
    expect(names.filter((n) => n.startsWith('media/')).sort()).toEqual(
      [`media/${a.id}.webp`, `media/${b.id}.webp`].sort(),
    );
    expect(mediaFileName(a.id)).toBe(`media/${a.id}.webp`);
    for (const [upload, size] of [
      [a, { width: 80, height: 60 }],
      [b, { width: 30, height: 50 }],
    ] as const) {
      const meta = await sharp(files[`media/${upload.id}.webp`]!).metadata();
      expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({
        format: 'webp',
        ...size,
      });
    }
    const note = strFromU8(files[ruminationFileName(r)]!);
    expect(note).toContain(
      `A day at the sea\n\n![The \\[blue\\] sea, at noon](media/${a.id}.webp)\n\n![](media/${b.id}.webp)\n`,
    );
  });

  it('Markdown: a photo let go since is left out, and the export still completes', async () => {
    const me = await person(t);
    const a = await testUpload(t, me);
    const r = await create(me, 'kept then dropped', [{ id: a.id }]);
    await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: me,
      body: { content: r.content, publish: false, media: [] },
    });
    const res = await call(t, 'GET', '/api/account/export?format=markdown', { as: me });
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).filter((n) => n.startsWith('media/'))).toEqual([]);
    expect(strFromU8(files[ruminationFileName(r)]!)).not.toContain('](media/');
  });
});
