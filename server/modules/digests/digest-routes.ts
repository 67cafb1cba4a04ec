import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { digestUnsubscribeQuery } from '../../../src/api/push-schemas';
import { ApiProblem } from '../../../src/api/problem';
import { DIGEST_PROBLEMS } from '../../../src/domain/email-digest';
import { scheduleDigests } from './digest-run';
import { changePreferencesIfActive } from '../preferences/preferences-service';
import { REMINDER_PURPOSE, unsubscribeKey, verifyUnsubscribeToken } from './digest-tokens';

/**
 * The email digests (api-contract.md "Reach them when the app is closed"): their run, scheduled
 * with the app, and the one-click unsubscribe of RFC 8058 every digest links to.
 */
export async function digestRoutes(app: FastifyInstance): Promise<void> {
  scheduleDigests(app);

  // A mail client's one-click POST carries the form body `List-Unsubscribe=One-Click`
  // (application/x-www-form-urlencoded, sometimes multipart/form-data), the app's page may send
  // JSON or nothing: the token in the URL says everything, so on this route (this plugin's scope
  // alone) any body of any type is accepted unread, never a 415 or a parse error. The body limit
  // still holds.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, _body, done) => {
    done(null, undefined);
  });
  // Fastify answers 415 to a Content-Type it cannot parse (`nonsense`, `text/`, `a/b/c`) before
  // choosing a parser, so the one above never saw such a request. The type is never read here:
  // it is set aside before Fastify looks at it, and the body is still read, within the limit.
  app.addHook('onRequest', async (request) => {
    if (request.raw.headers['content-type'] !== undefined) {
      request.raw.headers['content-type'] = 'application/octet-stream';
    }
  });

  const api = app.withTypeProvider<ZodTypeProvider>();

  // No sign-in: the signed token names the person. An account erased since the email was sent is
  // answered as any other (204, nothing done), so the link does not tell whether it still exists.
  api.post(
    '/api/email/unsubscribe',
    { schema: { querystring: digestUnsubscribeQuery } },
    async (request, reply) => {
      const key = await unsubscribeKey(app.db);
      const userId = verifyUnsubscribeToken(key, request.query.token);
      // A reminder email's link (server/modules/reminders) turns the reminder off instead.
      const reminderOf =
        userId === null ? verifyUnsubscribeToken(key, request.query.token, REMINDER_PURPOSE) : null;
      if (userId !== null) {
        await changePreferencesIfActive(app.db, userId, { emailDigest: 'off' });
      } else if (reminderOf !== null) {
        await changePreferencesIfActive(app.db, reminderOf, { reminder: { time: null } });
      } else throw ApiProblem.of(DIGEST_PROBLEMS.unsubscribeLinkInvalid);
      return reply.code(204).send();
    },
  );
}
