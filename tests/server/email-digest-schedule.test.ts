import { describe, expect, it } from 'vitest';
import { digestSubject } from '../../src/domain/email-digest';
import { call, writeRumination } from './ruminations-support';
import { createTestApp, type TestApp } from './support/test-app';
import { insertActiveUser } from './support/test-users';

/** The email digests' runs on their own timer (DIGEST_INTERVAL_MS), on an app of the test's own. */

describe('the schedule', () => {
  it('runs by itself every DIGEST_INTERVAL_MS once the app is ready', async () => {
    const own: TestApp = await createTestApp({ config: { digestIntervalMs: 100 } });
    try {
      const me = await insertActiveUser(own.db, own.app.jwtSecret, { username: 'scheduled' });
      const bob = await insertActiveUser(own.db, own.app.jwtSecret, { username: 'bobby' });
      const as = (p: { id: number; token: string }, username: string) => ({ ...p, username });
      const put = await call(own, 'PUT', '/api/account/preferences', {
        as: as(me, 'scheduled'),
        body: { emailDigest: 'daily' },
      });
      expect(put.statusCode).toBe(200);
      const note = await writeRumination(own, as(me, 'scheduled'));
      await call(own, 'POST', '/api/comments', {
        as: as(bob, 'bobby'),
        body: { ruminationId: note.id, content: 'hi' },
      });
      const deadline = Date.now() + 10_000;
      while (own.mailer.lastTo('scheduled@example.test') === undefined && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(own.mailer.lastTo('scheduled@example.test')?.subject).toBe(digestSubject(1));
      // Several intervals later, still the one.
      await new Promise((r) => setTimeout(r, 500));
      expect(own.mailer.sent.filter((m) => m.to === 'scheduled@example.test')).toHaveLength(1);
    } finally {
      await own.close();
    }
  });
});
