import type { LightMyRequestResponse as Response } from 'fastify';
import { expect } from 'vitest';
import type { ImportJob } from '../../src/api/import-schemas';
import type { Rumination } from '../../src/api/rumination-schemas';
import { multipartBody } from '../support/photo-fixtures';
import { call, type Person } from './ruminations-support';
import { authHeader, type TestApp } from './support/test-app';

/** Helpers of the import's tests (account-import*.test.ts). */

export { dayOneZip, type DayOneEntry } from '../support/day-one-export';

export async function postImport(t: TestApp, as: Person, file: Buffer): Promise<Response> {
  const { body, contentType } = multipartBody(file, {
    filename: 'export.zip',
    contentType: 'application/zip',
  });
  return t.app.inject({
    method: 'POST',
    url: '/api/account/import',
    headers: { ...authHeader(as.token), 'content-type': contentType },
    payload: body,
  });
}

/** Uploads the file, waits for the job to end (this instance works it) and answers it. */
export async function importFile(t: TestApp, as: Person, file: Buffer): Promise<ImportJob> {
  const res = await postImport(t, as, file);
  expect(res.statusCode, res.body).toBe(202);
  const { id } = res.json<{ id: number }>();
  await t.app.imports.settled();
  return readJob(t, as, id);
}

export async function readJob(t: TestApp, as: Person, id: number): Promise<ImportJob> {
  const res = await call(t, 'GET', `/api/account/import/${id}`, { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ImportJob>();
}

/** Every note of the person, oldest first. */
export async function myNotes(t: TestApp, as: Person): Promise<Rumination[]> {
  const res = await call(t, 'GET', '/api/ruminations/my?Limit=100', { as });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Rumination[]>().reverse();
}
