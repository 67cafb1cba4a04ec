import { describe, expect, it } from 'vitest';
import { EXPORT_PROBLEMS, EXPORT_RETRY_AFTER_SECONDS } from '../../src/domain/account-decisions';
import { createRumination } from '../../mocks/store/factories';
import { ORIGIN, setupMockBackend } from './mock-backend';
import { people } from '../support/store-people';

setupMockBackend();

/**
 * One export at a time per account in the mock backend (api-contract.md "My account"), as the
 * server answers it (tests/server/account-export-limits.test.ts): an export runs until its body
 * has been read to its end.
 */

const exportOf = (token: string, format = 'json') =>
  fetch(`${ORIGIN}/api/account/export?format=${format}`, {
    headers: { Authorization: `Bearer ${token}` },
  });

describe('one export at a time per account (mock)', () => {
  it('answers 429 with Retry-After while the account’s export is being read, and not after', async () => {
    const { alice, bob } = people();
    for (let i = 0; i < 300; i++) {
      createRumination({ authorId: alice.user.id, content: `Note ${i} `.repeat(100) });
    }
    const first = await exportOf(alice.token);
    expect(first.status).toBe(200);

    const second = await exportOf(alice.token, 'markdown');
    expect(second.status).toBe(429);
    expect(second.headers.get('Retry-After')).toBe(String(EXPORT_RETRY_AFTER_SECONDS));
    expect(second.headers.get('Content-Type')).toMatch(/^application\/problem\+json/);
    expect(await second.json()).toMatchObject({
      status: 429,
      title: EXPORT_PROBLEMS.accountExportRunning.title,
    });
    // Someone else's export is theirs.
    const bobs = await exportOf(bob.token);
    expect(bobs.status).toBe(200);
    await bobs.arrayBuffer();

    // Read to its end, the first export is over: a new one starts.
    const data = JSON.parse(await first.text()) as { ruminations: unknown[] };
    expect(data.ruminations).toHaveLength(300);
    const third = await exportOf(alice.token);
    expect(third.status).toBe(200);
    await third.arrayBuffer();
  });
});
