import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptanceStatus,
  acceptTermsRequest,
  acceptTermsResponse,
  termsOfService,
} from '../../../src/api/terms-schemas';
import { ApiProblem } from '../../../src/api/problem';
import {
  findAcceptance,
  findCurrentTerms,
  recordAcceptance,
  termsStatusFor,
} from './terms-queries';

/** /api/TermsOfService/*: the current terms, the caller's status, and accepting them. */
export async function termsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  r.get(
    '/api/TermsOfService/current',
    { schema: { response: { 200: termsOfService } } },
    async () => {
      const terms = await findCurrentTerms(db);
      if (terms === undefined) throw new ApiProblem(404, 'No Terms of Service have been published');
      return terms;
    },
  );

  r.get(
    '/api/TermsOfService/acceptance-status',
    { schema: { response: { 200: acceptanceStatus } } },
    async (request) => {
      const user = await request.requireUser();
      const status = await termsStatusFor(db, user.id);
      return {
        requiresAcceptance: status.requiresAcceptance,
        hasAcceptedLatest: !status.requiresAcceptance,
        currentVersion: status.currentVersion,
      };
    },
  );

  r.post(
    '/api/TermsOfService/accept',
    { schema: { body: acceptTermsRequest, response: { 200: acceptTermsResponse } } },
    async (request) => {
      const user = await request.requireUser();
      const terms = await findCurrentTerms(db);
      if (terms === undefined || terms.version !== request.body.version) {
        throw new ApiProblem(
          409,
          'Only the current Terms of Service can be accepted',
          terms ? `The current version is ${terms.version}.` : undefined,
        );
      }
      // Accepting twice keeps the first acceptance: the history records when it happened.
      const earlier = await findAcceptance(db, user.id, terms.version);
      if (earlier !== undefined) return { version: terms.version, acceptedAt: earlier };
      const acceptedAt = new Date().toISOString();
      await recordAcceptance(db, user.id, terms.version, acceptedAt);
      return { version: terms.version, acceptedAt };
    },
  );
}
