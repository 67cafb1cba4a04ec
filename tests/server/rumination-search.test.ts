import { beforeAll, describe, expect, it } from 'vitest';
import { setUpTestApp } from './support/test-app';
import { call, idsOf, person, writeRumination, type Person } from './ruminations-support';

/** GET /api/ruminations/my?q= (contract "My writing"), on SQLite and, with TEST_DATABASE_URL, PostgreSQL. */

const t = setUpTestApp();
let me: Person;
let other: Person;
const notes: Record<string, number> = {};

const search = async (q: string, extra = '', as: Person = me) =>
  idsOf(await call(t, 'GET', `/api/ruminations/my?q=${encodeURIComponent(q)}${extra}`, { as }));

beforeAll(async () => {
  me = await person(t);
  other = await person(t);
  const write = async (key: string, content: string, publish = true) => {
    notes[key] = (await writeRumination(t, me, { content, publish })).id;
  };
  await write('cafe', 'Morning at the Café de Flore, thinking about ruminating slowly.');
  await write('rain', 'The rain on the window sounded like a QUIET drum.');
  await write('draft', 'A draft about the rain and the garden.', false);
  await write('link', 'Read https://example.com/essay about naïve hope.');
  await write('numbers', 'Ran 12.5 km in 2026, tired but happy.');
  // Another person's notes hold every word searched below.
  await writeRumination(t, other, { content: 'café rain garden quiet ruminating example hope' });
  await writeRumination(t, other, {
    content: 'café rain garden quiet ruminating example hope',
    publish: false,
  });
});

describe('search of my ruminations', () => {
  it('finds a word in the middle of a note, ignoring case', async () => {
    expect(await search('quiet')).toEqual([notes.rain]);
    expect(await search('WINDOW')).toEqual([notes.rain]);
  });

  it('finds a word by its start', async () => {
    expect(await search('rumin')).toEqual([notes.cafe]);
    expect(await search('gard')).toEqual([notes.draft]);
  });

  it('ignores accents both ways', async () => {
    expect(await search('cafe')).toEqual([notes.cafe]);
    expect(await search('CAFÉ')).toEqual([notes.cafe]);
    expect(await search('naive')).toEqual([notes.link]);
  });

  it('needs every word to match, in any order', async () => {
    expect(await search('rain garden')).toEqual([notes.draft]);
    expect(await search('garden rain')).toEqual([notes.draft]);
    expect(await search('rain')).toEqual([notes.draft, notes.rain]);
    expect(await search('rain nothinglikethis')).toEqual([]);
  });

  it('does not match inside a word', async () => {
    expect(await search('afe')).toEqual([]);
    expect(await search('orning')).toEqual([]);
  });

  it('splits on punctuation alike in notes and queries', async () => {
    expect(await search('example')).toEqual([notes.link]);
    expect(await search('example.com')).toEqual([notes.link]);
    expect(await search('12')).toEqual([notes.numbers]);
    expect(await search('2026')).toEqual([notes.numbers]);
  });

  it('includes drafts, or only published ones (isPublic=true), or only drafts (false)', async () => {
    expect(await search('rain', '&isPublic=true')).toEqual([notes.rain]);
    expect(await search('rain', '&IsPublic=false')).toEqual([notes.draft]);
  });

  it('never reaches another person’s notes', async () => {
    const theirs = await search('café rain garden quiet ruminating example hope', '', other);
    expect(theirs).toHaveLength(2);
    for (const id of theirs) expect(Object.values(notes)).not.toContain(id);
    expect(await search('café rain garden quiet ruminating example hope')).toEqual([]);
  });

  it('pages newest first with Limit and BeforeId', async () => {
    const all = await search('the');
    expect(all).toEqual([...all].sort((a, b) => b - a));
    expect(all.length).toBeGreaterThanOrEqual(3);
    const first = await search('the', '&Limit=2');
    expect(first).toEqual(all.slice(0, 2));
    const next = await search('the', `&Limit=2&BeforeId=${first[1]}`);
    expect(next).toEqual(all.slice(2, 4));
  });

  it('treats a blank query, or one with no letter or digit, as no search', async () => {
    const plain = idsOf(await call(t, 'GET', '/api/ruminations/my', { as: me }));
    expect(await search('')).toEqual(plain);
    expect(await search('   ')).toEqual(plain);
    expect(await search('!!! ...')).toEqual(plain);
  });

  it.each([
    '"',
    '"rain',
    'rain*',
    'NEAR(rain quiet)',
    'rain OR quiet',
    'author_id:1',
    "'",
    'a & b',
    ':*',
    '\\',
    'rain AND',
    '(rain',
  ])('answers %j as words, never as query syntax', async (q) => {
    const res = await call(t, 'GET', `/api/ruminations/my?q=${encodeURIComponent(q)}`, { as: me });
    expect(res.statusCode).toBe(200);
  });

  it('refuses a query over 200 characters (400)', async () => {
    const res = await call(t, 'GET', `/api/ruminations/my?q=${'a'.repeat(201)}`, { as: me });
    expect(res.statusCode).toBe(400);
  });

  it('follows edits and deletes at once', async () => {
    const note = await writeRumination(t, me, { content: 'zephyr over the lake' });
    expect(await search('zephyr')).toEqual([note.id]);
    await call(t, 'PUT', `/api/ruminations/${note.id}`, {
      as: me,
      body: { content: 'mistral over the sea', publish: true },
    });
    expect(await search('zephyr')).toEqual([]);
    expect(await search('mistral')).toEqual([note.id]);
    await call(t, 'DELETE', `/api/ruminations/${note.id}`, { as: me });
    expect(await search('mistral')).toEqual([]);
  });

  it('answers 401 without a token', async () => {
    expect((await call(t, 'GET', '/api/ruminations/my?q=rain')).statusCode).toBe(401);
  });
});
