import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  acceptanceStatus,
  acceptTermsRequest,
  acceptTermsResponse,
  termsOfService,
} from '../../../src/api/terms-schemas';
import { settle } from '../../../src/api/problem';
import { decideCurrentTerms } from '../../../src/domain/terms-decisions';
import { findCurrentTerms, termsStatusFor } from './terms-queries';
import { acceptTerms } from './terms-service';

/**
 * /api/TermsOfService/*: the current terms, the caller's status, and accepting them. The rules live
 * in src/domain/terms-decisions.ts; accepting them is terms-service.ts.
 */
export async function termsRoutes(app: FastifyInstance): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = app;

  r.get(
    '/api/TermsOfService/current',
    { schema: { response: { 200: termsOfService } } },
    async () => settle(decideCurrentTerms(await findCurrentTerms(db))),
  );

  r.get(
    '/api/TermsOfService/acceptance-status',
    { schema: { response: { 200: acceptanceStatus } } },
    async (request) => {
      const user = await request.requireUser();
      return termsStatusFor(db, user.id);
    },
  );

  r.post(
    '/api/TermsOfService/accept',
    { schema: { body: acceptTermsRequest, response: { 200: acceptTermsResponse } } },
    async (request) => {
      const user = await request.requireUser();
      return acceptTerms(db, user.id, request.body.version);
    },
  );
}
