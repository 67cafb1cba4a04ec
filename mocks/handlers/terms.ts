import { HttpResponse } from 'msw';
import { settle } from '../../src/api/problem';
import {
  acceptTermsRequest,
  type AcceptTermsResponse,
  type AcceptanceStatus,
  type TermsOfService,
} from '../../src/api/terms-schemas';
import {
  decideCurrentTerms,
  decideTermsAcceptance,
  termsStanding,
} from '../../src/domain/terms-decisions';
import { readBody, requireUser, route } from '../http';
import { currentTerms, hasAcceptedCurrentTerms } from '../store/lookups';
import { getDb } from '../store/db';
import { now } from '../store/clock';

/**
 * /api/TermsOfService/* (api-contract.md "Terms of Service"): loads the facts from the store, asks
 * the shared rules (src/domain/terms-decisions.ts) and stores what they decided.
 */

export const termsHandlers = [
  route('get', '/api/TermsOfService/current', () => {
    const terms = settle(decideCurrentTerms(currentTerms()));
    return HttpResponse.json<TermsOfService>({ ...terms });
  }),

  route('get', '/api/TermsOfService/acceptance-status', ({ request }) => {
    const userId = requireUser(request);
    const standing = termsStanding(
      currentTerms()?.version ?? null,
      hasAcceptedCurrentTerms(userId),
    );
    return HttpResponse.json<AcceptanceStatus>(standing);
  }),

  route('post', '/api/TermsOfService/accept', async ({ request }) => {
    const { version } = await readBody(request, acceptTermsRequest);
    const userId = requireUser(request);
    const db = getDb();
    const earlier = db.acceptances.find((a) => a.userId === userId && a.version === version);
    const facts = { currentVersion: currentTerms()?.version, acceptedAt: earlier?.acceptedAt };
    const decided = settle(decideTermsAcceptance(facts, version));
    const { version: accepted } = decided;
    const acceptedAt = decided.record ? now() : decided.acceptedAt;
    if (decided.record) db.acceptances.push({ userId, version: accepted, acceptedAt });
    return HttpResponse.json<AcceptTermsResponse>({ version: accepted, acceptedAt });
  }),
];
