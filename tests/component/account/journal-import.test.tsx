import { strToU8, zipSync } from 'fflate';
import { fireEvent } from '@testing-library/react';
import { describe, expect, test } from 'vitest';
import { createUser } from '../../../mocks/store/factories';
import { getDb } from '../../../mocks/store/db';
import { renderApp } from '../../support/render-app';

/** Settings → "Bring your journal", over the mock backend. */

async function settings() {
  const { user, token } = createUser({ username: 'alice' });
  const app = await renderApp('/settings', { token });
  await app.findByRole('heading', { name: 'Bring your journal' });
  return { app, user };
}

function zipFile(files: Record<string, string>): File {
  const zipped = zipSync(
    Object.fromEntries(Object.entries(files).map(([k, v]) => [k, strToU8(v)])),
  );
  return new File([zipped], 'export.zip', { type: 'application/zip' });
}

describe('Bring your journal', () => {
  test('imports a Day One export and says what was imported and what was skipped, and why', async () => {
    const { app, user } = await settings();
    const journal = {
      entries: [
        { uuid: 'OK1', creationDate: '2020-01-01T10:00:00Z', text: 'A good day\\.' },
        { uuid: 'BAD1', text: 'no date' },
      ],
    };
    const input = await app.findByLabelText('Journal export (.zip)');
    await app.user.upload(input, zipFile({ 'Journal.json': JSON.stringify(journal) }));
    await app.user.click(app.getByRole('button', { name: 'Import' }));

    expect(
      await app.findByText('Imported 1 note as drafts; skipped 1.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    const skipped = app.getByRole('list');
    expect(skipped).toHaveTextContent('BAD1: This entry has no date it was written');
    expect(
      getDb()
        .ruminations.filter((r) => r.authorId === user.id)
        .map((r) => r.content),
    ).toEqual(['A good day.']);
  });

  test('a file that is not a journal export is refused in words', async () => {
    const { app } = await settings();
    const input = await app.findByLabelText('Journal export (.zip)');
    await app.user.upload(input, zipFile({ 'notes.txt': 'hello' }));
    await app.user.click(app.getByRole('button', { name: 'Import' }));
    expect(await app.findByRole('alert')).toHaveTextContent('This file is not a journal export');
  });

  test('a double-click on Import imports once', async () => {
    const { app, user } = await settings();
    const journal = {
      entries: [{ uuid: 'ONCE', creationDate: '2020-01-01T10:00:00Z', text: 'x' }],
    };
    const input = await app.findByLabelText('Journal export (.zip)');
    await app.user.upload(input, zipFile({ 'Journal.json': JSON.stringify(journal) }));
    // Two clicks before React renders again, as a fast double-click can.
    const button = app.getByRole('button', { name: 'Import' });
    fireEvent.click(button);
    fireEvent.click(button);
    expect(
      await app.findByText('Imported 1 note as drafts.', {}, { timeout: 3000 }),
    ).toBeInTheDocument();
    expect(getDb().imports.filter((i) => i.ownerId === user.id)).toHaveLength(1);
  });
});
