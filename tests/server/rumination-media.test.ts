import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import type { Rumination, TrashedRumination } from '../../src/api/rumination-schemas';
import { MEDIA_NOT_YOURS, MEDIA_TWICE } from '../../src/domain/media-decisions';
import { MEDIA_ALT_TOO_LONG, MEDIA_TOO_MANY } from '../../src/api/media-schemas';
import { authHeader, setUpTestApp } from './support/test-app';
import { call, person, relation, type Person } from './ruminations-support';
import { testUpload, type TestUpload } from './media-test-uploads';

/**
 * Notes hold photos (api-contract.md "Photos"): create and update take `media`, every rumination
 * the API answers carries them in order with URLs signed for the caller, and those URLs stop when
 * the note stops being visible to their signer.
 */

const t = setUpTestApp();
const FRIEND = 2;

const URL_FORM = /^\/api\/media\/(\d+)\/(photo|thumbnail)\?viewer=(\d+)&expires=(\d+)&sig=[\w-]+$/;

async function create(
  author: Person,
  media: unknown,
  extra: Record<string, unknown> = {},
): Promise<Rumination> {
  const res = await call(t, 'POST', '/api/ruminations', {
    as: author,
    body: { content: 'with photos', publish: true, media, ...extra },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<Rumination>();
}

async function mediaRow(id: number) {
  return t.db
    .selectFrom('media')
    .select(['rumination_id', 'position', 'alt', 'erase_after'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
}

function fetchUrl(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('create and update take media', () => {
  it('attaches the uploads at create, in the order given, with URLs signed for the author', async () => {
    const me = await person(t);
    const [a, b] = [await testUpload(t, me), await testUpload(t, me, { width: 30, height: 90 })];
    const r = await create(me, [
      { id: b.id, alt: 'A tall one' },
      { id: String(a.id), alt: '' },
    ]);
    expect(r.media).toEqual([
      {
        id: b.id,
        width: 30,
        height: 90,
        alt: 'A tall one',
        url: expect.stringMatching(URL_FORM),
        thumbnailUrl: expect.stringMatching(URL_FORM),
      },
      expect.objectContaining({ id: a.id, width: 64, height: 48, alt: '' }),
    ]);
    const [, id, variant, viewer] = URL_FORM.exec(r.media[0]!.url)!;
    expect([Number(id), variant, Number(viewer)]).toEqual([b.id, 'photo', me.id]);
    expect(URL_FORM.exec(r.media[0]!.thumbnailUrl)![2]).toBe('thumbnail');
    expect(await mediaRow(b.id)).toEqual({
      rumination_id: r.id,
      position: 0,
      alt: 'A tall one',
      erase_after: null,
    });
    // GET answers the same photos.
    const got = await call(t, 'GET', `/api/ruminations/${r.id}`, { as: me });
    expect(got.json<Rumination>().media.map((m) => m.id)).toEqual([b.id, a.id]);
  });

  it('reorders, changes alts and removes on update: a new version, and the removed ones are due', async () => {
    const me = await person(t);
    const [a, b, c] = [await testUpload(t, me), await testUpload(t, me), await testUpload(t, me)];
    const r = await create(me, [{ id: a.id }, { id: b.id }, { id: c.id, alt: 'c' }]);
    const res = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: me,
      body: {
        content: r.content,
        publish: true,
        media: [
          { id: c.id, alt: 'now first' },
          { id: a.id, alt: 'a' },
        ],
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const updated = res.json<Rumination>();
    expect(updated.version).toBe(2);
    expect(updated.media.map((m) => [m.id, m.alt])).toEqual([
      [c.id, 'now first'],
      [a.id, 'a'],
    ]);
    // Let go: no note, no grace period; the sweep erases it.
    expect(await mediaRow(b.id)).toEqual({
      rumination_id: null,
      position: 1,
      alt: '',
      erase_after: null,
    });
    // The change of photos alone made a revision of the text, as every edit does.
    const revisions = await call(t, 'GET', `/api/ruminations/${r.id}/revisions`, { as: me });
    expect(revisions.json<{ version: number }[]>().map((v) => v.version)).toEqual([1]);

    const none = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: me,
      body: { content: r.content, publish: true, media: [] },
    });
    expect(none.json<Rumination>().media).toEqual([]);
    expect((await mediaRow(a.id)).rumination_id).toBeNull();
    expect((await mediaRow(c.id)).rumination_id).toBeNull();
  });

  it('keeps the photos on an update without media (a client of the spec), and on a revision restore', async () => {
    const me = await person(t);
    const a = await testUpload(t, me);
    const r = await create(me, [{ id: a.id, alt: 'kept' }]);
    const res = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: me,
      body: { content: 'new words', publish: false },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<Rumination>().media.map((m) => [m.id, m.alt])).toEqual([[a.id, 'kept']]);
    const [revision] = (
      await call(t, 'GET', `/api/ruminations/${r.id}/revisions`, { as: me })
    ).json<{ id: number }[]>();
    const restored = await call(
      t,
      'POST',
      `/api/ruminations/${r.id}/revisions/${revision!.id}/restore`,
      { as: me },
    );
    expect(restored.statusCode).toBe(200);
    expect(restored.json<Rumination>()).toMatchObject({
      content: 'with photos',
      media: [expect.objectContaining({ id: a.id, alt: 'kept' })],
    });
  });

  it('a note written without media has none, as the spec client sees it', async () => {
    const me = await person(t);
    const res = await call(t, 'POST', '/api/ruminations', {
      as: me,
      body: { content: 'plain', publish: true },
    });
    expect(res.json<Rumination>().media).toEqual([]);
  });

  it("refuses with 400 on media: another user's upload, an unknown id, one in another note, one named twice, 7 photos, an alt of 501", async () => {
    const me = await person(t);
    const other = await person(t);
    const theirs = await testUpload(t, other);
    const mine = await testUpload(t, me);
    const held = await testUpload(t, me);
    const holder = await create(me, [{ id: held.id }]);
    const seven: TestUpload[] = [];
    for (let i = 0; i < 7; i++) seven.push(await testUpload(t, me));
    const cases: [unknown, string][] = [
      [[{ id: theirs.id }], MEDIA_NOT_YOURS],
      [[{ id: 999_999_999 }], MEDIA_NOT_YOURS],
      [[{ id: held.id }], MEDIA_NOT_YOURS],
      [[{ id: mine.id }, { id: mine.id }], MEDIA_TWICE],
      [seven.map((u) => ({ id: u.id })), MEDIA_TOO_MANY],
      [[{ id: mine.id, alt: 'x'.repeat(501) }], MEDIA_ALT_TOO_LONG],
    ];
    for (const [media, message] of cases) {
      const res = await call(t, 'POST', '/api/ruminations', {
        as: me,
        body: { content: 'refused', publish: true, media },
      });
      expect(res.statusCode, message).toBe(400);
      expect(JSON.stringify(res.json<{ errors: unknown }>().errors), message).toContain(message);
      if (media === cases[2]![0]) continue; // the holder may of course keep its own photo
      const put = await call(t, 'PUT', `/api/ruminations/${holder.id}`, {
        as: me,
        body: { content: 'refused', publish: true, media },
      });
      expect(put.statusCode, message).toBe(400);
    }
    // Nothing was written: no refused note, the holder as it was, the upload still free.
    const mineList = (await call(t, 'GET', '/api/ruminations/my', { as: me })).json<Rumination[]>();
    expect(mineList.map((r) => r.content)).toEqual(['with photos']);
    expect(mineList[0]!.media.map((m) => m.id)).toEqual([held.id]);
    expect(mineList[0]!.version).toBe(1);
    expect((await mediaRow(mine.id)).rumination_id).toBeNull();
    expect((await mediaRow(theirs.id)).rumination_id).toBeNull();
    // Exactly 500 characters is fine.
    const ok = await create(me, [{ id: mine.id, alt: 'x'.repeat(500) }]);
    expect(ok.media[0]!.alt).toHaveLength(500);
  });

  it('a 412 answers `current` with its photos', async () => {
    const me = await person(t);
    const a = await testUpload(t, me);
    const r = await create(me, [{ id: a.id }]);
    const res = await call(t, 'PUT', `/api/ruminations/${r.id}`, {
      as: me,
      headers: { 'if-match': '"7"' },
      body: { content: 'late', publish: true, media: [] },
    });
    expect(res.statusCode).toBe(412);
    expect(res.json<{ current: Rumination }>().current.media.map((m) => m.id)).toEqual([a.id]);
    expect((await mediaRow(a.id)).rumination_id).toBe(r.id);
  });

  it('an Idempotency-Key replay of a create with media answers the first answer and attaches once', async () => {
    const me = await person(t);
    const a = await testUpload(t, me);
    const send = () =>
      call(t, 'POST', '/api/ruminations', {
        as: me,
        headers: { 'idempotency-key': 'create-with-photo-1' },
        body: { content: 'once', publish: true, media: [{ id: a.id, alt: 'once' }] },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    const mine = (await call(t, 'GET', '/api/ruminations/my', { as: me })).json<Rumination[]>();
    expect(mine.map((r) => r.media.map((m) => m.id))).toEqual([[a.id]]);
  });
});

describe('two writes at once', () => {
  it('naming the same upload: one note takes it, the other is refused (400), never both', async () => {
    const me = await person(t);
    const a = await testUpload(t, me);
    const write = (content: string) =>
      call(t, 'POST', '/api/ruminations', {
        as: me,
        body: { content, publish: true, media: [{ id: a.id }] },
      });
    const answers = await Promise.all([write('first'), write('second'), write('third')]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 400, 400]);
    const winner = answers.find((r) => r.statusCode === 201)!.json<Rumination>();
    expect((await mediaRow(a.id)).rumination_id).toBe(winner.id);
  });
});

describe('who sees the photos', () => {
  it('lists carry each note’s photos in order, signed for the reader; a stranger does not see the note', async () => {
    const author = await person(t);
    const friend = await person(t);
    const stranger = await person(t);
    await relation(t.db, author, friend, FRIEND, 'accepted');
    const ups = [
      await testUpload(t, author),
      await testUpload(t, author),
      await testUpload(t, author),
    ];
    const first = await create(author, [{ id: ups[0]!.id }], { audiences: ['Friend'] });
    const second = await create(author, [{ id: ups[2]!.id }, { id: ups[1]!.id }], {
      audiences: ['Friend'],
    });
    const plain = await create(author, [], { audiences: ['Friend'] });
    const feed = (await call(t, 'GET', '/api/ruminations/feed', { as: friend })).json<
      Rumination[]
    >();
    expect(feed.map((r) => [r.id, r.media.map((m) => m.id)])).toEqual([
      [plain.id, []],
      [second.id, [ups[2]!.id, ups[1]!.id]],
      [first.id, [ups[0]!.id]],
    ]);
    for (const m of feed.flatMap((r) => r.media)) {
      expect(Number(URL_FORM.exec(m.url)![3])).toBe(friend.id);
    }
    const byAuthor = (
      await call(t, 'GET', `/api/ruminations/public?UserId=${author.id}&isPublic=false`, {
        as: friend,
      })
    ).json<Rumination[]>();
    expect(byAuthor.find((r) => r.id === second.id)!.media.map((m) => m.id)).toEqual([
      ups[2]!.id,
      ups[1]!.id,
    ]);
    const strangers = await call(t, 'GET', `/api/ruminations/public?UserId=${author.id}`, {
      as: stranger,
    });
    expect(strangers.json<Rumination[]>()).toEqual([]);
    expect(
      (await call(t, 'GET', `/api/ruminations/${first.id}`, { as: stranger })).statusCode,
    ).toBe(404);
    // Search of one's own notes carries them too.
    const found = await call(t, 'GET', '/api/ruminations/my?q=photos', { as: author });
    expect(found.json<Rumination[]>().map((r) => r.media.length)).toEqual([0, 2, 1]);
  });

  it('a public note’s photos are signed for viewer 0 when read signed out', async () => {
    const author = await person(t);
    const a = await testUpload(t, author);
    const r = await create(author, [{ id: a.id }]);
    const res = await call(t, 'GET', `/api/ruminations/${r.id}`);
    expect(Number(URL_FORM.exec(res.json<Rumination>().media[0]!.url)![3])).toBe(0);
  });

  it('the trash lists its notes with their photos', async () => {
    const me = await person(t);
    const a = await testUpload(t, me);
    const r = await create(me, [{ id: a.id, alt: 'binned' }]);
    expect((await call(t, 'DELETE', `/api/ruminations/${r.id}`, { as: me })).statusCode).toBe(204);
    const trash = (await call(t, 'GET', '/api/ruminations/trash', { as: me })).json<
      TrashedRumination[]
    >();
    expect(trash.map((x) => [x.id, x.media.map((m) => m.alt)])).toEqual([[r.id, ['binned']]]);
    const restored = await call(t, 'POST', `/api/ruminations/${r.id}/restore`, { as: me });
    expect(restored.json<Rumination>().media.map((m) => m.id)).toEqual([a.id]);
  });
});

describe('the URLs a reader gets', () => {
  it('fetch for the friend of a Friends-only note, and stop when the relation ends or the note goes to the trash', async () => {
    const author = await person(t);
    const friend = await person(t);
    const stranger = await person(t);
    const relationId = await relation(t.db, author, friend, FRIEND, 'accepted');
    const a = await testUpload(t, author);
    const b = await testUpload(t, author);
    const first = await create(author, [{ id: a.id, alt: 'a' }], { audiences: ['Friend'] });
    const second = await create(author, [{ id: b.id, alt: 'b' }], { audiences: ['Friend'] });

    const read = async (id: number) =>
      (await call(t, 'GET', `/api/ruminations/${id}`, { as: friend })).json<Rumination>().media[0]!;
    const [ma, mb] = [await read(first.id), await read(second.id)];
    // As the friend's browser asks: with their credentials (media-credentials.test.ts).
    const asFriend = authHeader(friend.token);
    for (const url of [ma.url, ma.thumbnailUrl, mb.url]) {
      const res = await fetchUrl(url, { accept: 'image/webp,*/*', ...asFriend });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toBe('image/webp');
      const meta = await sharp(res.rawPayload).metadata();
      expect(meta.format).toBe('webp');
    }
    // The stranger cannot read the note; a URL of theirs for it (signed for them) answers nothing.
    expect(
      (await call(t, 'GET', `/api/ruminations/${first.id}`, { as: stranger })).statusCode,
    ).toBe(404);
    expect(
      (
        await fetchUrl(
          ma.url.replace(/viewer=\d+/, `viewer=${stranger.id}`),
          authHeader(stranger.token),
        )
      ).statusCode,
    ).toBe(404);

    // The note goes to the trash: its photo stops at once.
    expect(
      (await call(t, 'DELETE', `/api/ruminations/${second.id}`, { as: author })).statusCode,
    ).toBe(204);
    expect((await fetchUrl(mb.url, asFriend)).statusCode).toBe(404);
    expect((await fetchUrl(ma.url, asFriend)).statusCode).toBe(200);

    // The relation ends: the friend's URL stops too.
    const ended = await call(t, 'DELETE', `/api/UserRelations/${relationId}`, { as: author });
    expect(ended.statusCode).toBe(204);
    expect((await fetchUrl(ma.url, asFriend)).statusCode).toBe(404);
    expect((await fetchUrl(ma.thumbnailUrl, asFriend)).statusCode).toBe(404);
  });
});
