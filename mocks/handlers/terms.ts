import { ApiProblem } from '../../src/api/problem';
import { HttpResponse } from 'msw';
import {
  acceptTermsRequest,
  type AcceptTermsResponse,
  type AcceptanceStatus,
  type TermsOfService,
} from '../../src/api/terms-schemas';
import { notFound, readBody, requireUser, route } from '../http';
import { currentTerms, getDb, hasAcceptedCurrentTerms, now } from '../store';

/** /api/TermsOfService/* (api-contract.md "Terms of Service"). */

export const termsHandlers = [
  route('get', '/api/TermsOfService/current', () => {
    const terms = currentTerms();
    if (!terms) throw notFound('No Terms of Service have been published');
    return HttpResponse.json<TermsOfService>({ ...terms });
  }),

  route('get', '/api/TermsOfService/acceptance-status', ({ request }) => {
    const userId = requireUser(request);
    const accepted = hasAcceptedCurrentTerms(userId);
    return HttpResponse.json<AcceptanceStatus>({
      requiresAcceptance: !accepted,
      hasAcceptedLatest: accepted,
      currentVersion: currentTerms()?.version ?? null,
    });
  }),

  route('post', '/api/TermsOfService/accept', async ({ request }) => {
    const { version } = await readBody(request, acceptTermsRequest);
    const userId = requireUser(request);
    const current = currentTerms();
    if (version !== current?.version) {
      throw new ApiProblem(
        409,
        'Only the current Terms of Service can be accepted',
        current ? `The current version is ${current.version}.` : undefined,
      );
    }
    // Accepting twice keeps the first acceptance: the history records when it happened.
    const db = getDb();
    const earlier = db.acceptances.find((a) => a.userId === userId && a.version === version);
    const acceptance = earlier ?? { userId, version, acceptedAt: now() };
    if (!earlier) db.acceptances.push(acceptance);
    return HttpResponse.json<AcceptTermsResponse>({
      version: acceptance.version,
      acceptedAt: acceptance.acceptedAt,
    });
  }),
];
