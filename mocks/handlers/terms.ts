import { HttpResponse } from 'msw';
import {
  acceptTermsRequest,
  type AcceptTermsResponse,
  type AcceptanceStatus,
  type TermsOfService,
} from '../../src/api/terms-schemas';
import { conflict, notFound, readBody, requireUser, route } from '../http';
import { currentTerms, getDb, hasAcceptedCurrentTerms, now } from '../store';

/** /api/TermsOfService/* (api-contract.md "Terms of Service"). */

export const termsHandlers = [
  route('get', '/api/TermsOfService/current', () => {
    const terms = currentTerms();
    if (!terms) throw notFound('No Terms of Service published');
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
    if (version !== currentTerms()?.version) {
      throw conflict('Only the current Terms of Service version can be accepted');
    }
    const acceptance = { userId, version, acceptedAt: now() };
    getDb().acceptances.push(acceptance);
    return HttpResponse.json<AcceptTermsResponse>({
      version: acceptance.version,
      acceptedAt: acceptance.acceptedAt,
    });
  }),
];
