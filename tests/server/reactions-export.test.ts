import { strFromU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { accountExport } from '../../src/api/account-schemas';
import { REACTIONS_FILE_NAME } from '../../src/domain/markdown-export-reactions';
import { EXPORT_PAGE_SIZE } from '../../server/modules/account/export-queries';
import { setUpTestApp } from './support/test-app';
import { call, person, writeRumination, type Person } from './ruminations-support';

/**
 * The account export's reactions (api-contract.md "My writing"): the ones I gave and the ones my
 * notes received, in the JSON and in reactions.md, notes in the trash left out.
 */

const t = setUpTestApp();

const react = (as: Person, id: number, kind: string) =>
  call(t, 'PUT', `/api/ruminations/${id}/reactions/${kind}`, { as });

describe('reactions in the account export', () => {
  it('holds those I gave and those my notes received, in the JSON and in reactions.md', async () => {
    const me = await person(t);
    const other = await person(t);
    const mine = await writeRumination(t, me);
    const trashed = await writeRumination(t, me);
    const theirs = await writeRumination(t, other);
    await react(other, mine.id, 'hug');
    await react(me, mine.id, 'love');
    await react(other, trashed.id, 'sad');
    await react(me, theirs.id, 'thanks');
    await call(t, 'DELETE', `/api/ruminations/${trashed.id}`, { as: me });

    const res = await call(t, 'GET', '/api/account/export?format=json', { as: me });
    const data = accountExport.parse(JSON.parse(res.body));
    expect(data.reactionsGiven).toEqual([
      { ruminationId: mine.id, kind: 'love', createTMS: expect.any(String) },
      { ruminationId: theirs.id, kind: 'thanks', createTMS: expect.any(String) },
    ]);
    const name = (p: Person) => ({ id: p.id, username: p.username, displayName: p.username });
    // By note, kind and person, as the primary key holds them.
    expect(data.reactionsReceived).toEqual([
      { ruminationId: mine.id, kind: 'hug', createTMS: expect.any(String), user: name(other) },
      { ruminationId: mine.id, kind: 'love', createTMS: expect.any(String), user: name(me) },
    ]);
    expect(data.ruminations.find((r) => r.id === mine.id)?.reactions).toEqual([
      { kind: 'love', count: 1, mine: true },
      { kind: 'hug', count: 1, mine: false },
    ]);

    const zip = await call(t, 'GET', '/api/account/export?format=markdown', { as: me });
    const text = strFromU8(unzipSync(new Uint8Array(zip.rawPayload))[REACTIONS_FILE_NAME]!);
    expect(text).toContain(`- 🙏 thanks on rumination ${theirs.id}`);
    expect(text).toContain(
      `- 🤗 hug by ${other.username} (@${other.username}) on rumination ${mine.id}`,
    );
    expect(text).not.toContain(`rumination ${trashed.id}`);
  });

  it('pages through more reactions than one page holds, each once', async () => {
    const me = await person(t);
    const r = await writeRumination(t, me);
    const people = await Promise.all(
      Array.from({ length: Math.ceil((EXPORT_PAGE_SIZE + 20) / 2) }, () => person(t)),
    );
    const now = new Date().toISOString();
    await t.db
      .insertInto('reactions')
      .values(
        people.flatMap((p) =>
          ['love', 'hug'].map((kind) => ({
            rumination_id: r.id,
            user_id: p.id,
            kind,
            created_at: now,
          })),
        ),
      )
      .execute();
    const res = await call(t, 'GET', '/api/account/export?format=json', { as: me });
    const received = accountExport.parse(JSON.parse(res.body)).reactionsReceived;
    expect(received).toHaveLength(people.length * 2);
    expect(new Set(received.map((x) => `${x.user.id}:${x.kind}`)).size).toBe(people.length * 2);
    // Across the pages, in the key's order: every hug, then every love, each by person.
    const byPerson = people.map((p) => p.id).sort((a, b) => a - b);
    expect(received.map((x) => [x.kind, x.user.id])).toEqual([
      ...byPerson.map((id) => ['hug', id]),
      ...byPerson.map((id) => ['love', id]),
    ]);
  });
});
