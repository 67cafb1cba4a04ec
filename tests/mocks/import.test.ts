import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { importsSettled } from '../../mocks/handlers/import';
import { IMPORT_PROBLEMS } from '../../src/domain/journal-import';
import { multipartBody, smallPng } from '../support/photo-fixtures';
import { people } from '../support/store-people';
import { setupMediaBackend } from './media-calls';
import { api, ORIGIN, type Json } from './mock-backend';
import { dayOneZip } from '../support/day-one-export';

setupMediaBackend();

/**
 * /api/account/import in the mock backend: the answers of the server
 * (tests/server/account-import.test.ts), from the same shared rules.
 */

async function postImport(token: string, file: Buffer) {
  const { body, contentType } = multipartBody(file, {
    filename: 'export.zip',
    contentType: 'application/zip',
  });
  const response = await fetch(`${ORIGIN}/api/account/import`, {
    method: 'POST',
    headers: { 'Content-Type': contentType, Authorization: `Bearer ${token}` },
    body: new Uint8Array(body),
  });
  return { status: response.status, json: (await response.json()) as Json };
}

async function importFile(token: string, file: Buffer): Promise<Json> {
  const res = await postImport(token, file);
  expect(res.status).toBe(202);
  await importsSettled();
  const job = await api('GET', `/api/account/import/${res.json.id}`, { token });
  expect(job.status).toBe(200);
  return job.json;
}

describe('import in the mock backend', () => {
  it('imports Day One entries as drafts, skips a bad one, and adds nothing the second time', async () => {
    const { alice } = people();
    const zip = dayOneZip(
      [
        {
          uuid: 'M1',
          creationDate: '2018-07-01T09:00:00Z',
          text: 'Hello\\! ![](dayone-moment://P)',
          tags: ['summer'],
          photos: [{ md5: 'p1', identifier: 'P', type: 'png' }],
        },
        { uuid: 'M2', text: 'no date' },
      ],
      { 'p1.png': await smallPng(20, 10) },
    );
    expect(await importFile(alice.token, zip)).toMatchObject({
      state: 'done',
      imported: 1,
      skipped: 1,
      errors: [{ entry: 'M2', message: 'This entry has no date it was written' }],
    });
    const mine = await api('GET', '/api/ruminations/my', { token: alice.token });
    expect(mine.json).toHaveLength(1);
    expect(mine.json[0]).toMatchObject({
      content: 'Hello!\n\n#summer',
      createTMS: '2018-07-01T09:00:00.000Z',
      isPublished: false,
      tags: ['summer'],
    });
    expect(mine.json[0].media).toHaveLength(1);
    expect(await importFile(alice.token, zip)).toMatchObject({ imported: 0, skipped: 2 });
    expect((await api('GET', '/api/ruminations/my', { token: alice.token })).json).toHaveLength(1);
  });

  it('refuses what the server refuses, and hides other people’s jobs', async () => {
    const { alice, bob } = people();
    const notJournal = await postImport(
      alice.token,
      Buffer.from(zipSync({ 'a.txt': strToU8('x') })),
    );
    expect(notJournal).toMatchObject({
      status: 400,
      json: { title: IMPORT_PROBLEMS.notJournal.title },
    });
    const unsafe = await postImport(
      alice.token,
      Buffer.from(
        zipSync({ 'Journal.json': strToU8('{"entries":[]}'), '../../etc/x': strToU8('x') }),
      ),
    );
    expect(unsafe).toMatchObject({
      status: 400,
      json: { title: IMPORT_PROBLEMS.unsafePath.title },
    });
    const started = await postImport(alice.token, dayOneZip([]));
    await importsSettled();
    const theirs = await api('GET', `/api/account/import/${started.json.id}`, { token: bob.token });
    expect(theirs).toMatchObject({ status: 404, json: { title: IMPORT_PROBLEMS.notFound.title } });
  });

  it('takes one import at a time per person: another while one runs is 409, and fine after', async () => {
    const { alice, bob } = people();
    const first = await postImport(alice.token, dayOneZip([{ uuid: 'A', text: 'one' }]));
    expect(first.status).toBe(202);
    // Before the job has run (it starts on the next turn of the event loop).
    const second = await postImport(alice.token, dayOneZip([{ uuid: 'B', text: 'two' }]));
    expect(second).toMatchObject({
      status: 409,
      json: { title: IMPORT_PROBLEMS.alreadyRunning.title },
    });
    // Someone else's import is theirs to run.
    expect((await postImport(bob.token, dayOneZip([]))).status).toBe(202);
    await importsSettled();
    expect((await postImport(alice.token, dayOneZip([]))).status).toBe(202);
    await importsSettled();
  });
});
