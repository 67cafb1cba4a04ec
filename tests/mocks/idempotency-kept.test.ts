import { describe, expect, it } from 'vitest';
import { createUser } from '../../mocks/store/factories';
import { getDb, replaceDb } from '../../mocks/store/db';
import { api, setupMockBackend, type Json } from './mock-backend';

/**
 * The demo resumes a write that was in flight when its page closed (the offline queue), with the
 * same Idempotency-Key. The mock keeps first answers with the data, so after a reload (the store
 * read back from its saved copy) the resend is answered, never written twice.
 */
describe('mock backend: Idempotency-Key answers survive a reload', () => {
  setupMockBackend();

  /** What a reload does to the demo's store: it is read back from the saved copy. */
  const reload = () => replaceDb(JSON.parse(JSON.stringify(getDb())) as ReturnType<typeof getDb>);

  it('a note resent with its key after a reload is answered from the first, and written once', async () => {
    const { token } = createUser({ username: 'alice' });
    const headers = { 'Idempotency-Key': 'resumed-note-0001' };
    const body = { content: 'Sent just before the tab closed', publish: true };
    const first = await api('POST', '/api/ruminations', { token, body, headers });
    expect(first.status).toBe(201);

    reload();
    const again = await api('POST', '/api/ruminations', { token, body, headers });
    expect(again.status).toBe(201);
    expect((again.json as Json).id).toBe((first.json as Json).id);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    const mine = await api('GET', '/api/ruminations/my?Limit=100', { token });
    expect((mine.json as Json[]).length).toBe(1);

    // Another request under the same key is still refused after the reload.
    reload();
    const other = await api('POST', '/api/ruminations', {
      token,
      body: { content: 'Something else', publish: true },
      headers,
    });
    expect(other.status).toBe(422);
  });

  it('deleting the account forgets its kept answers, which hold what it wrote', async () => {
    const { token } = createUser({ username: 'alice', password: 'correct horse battery' });
    await api('POST', '/api/ruminations', {
      token,
      body: { content: 'Words to erase', publish: true },
      headers: { 'Idempotency-Key': 'erased-note-0001' },
    });
    expect(JSON.stringify(getDb().idempotentAnswers)).toContain('Words to erase');
    const erased = await api('DELETE', '/api/account', {
      token,
      body: { password: 'correct horse battery' },
    });
    expect(erased.status).toBe(204);
    expect(JSON.stringify(getDb().idempotentAnswers)).not.toContain('Words to erase');
  });
});
