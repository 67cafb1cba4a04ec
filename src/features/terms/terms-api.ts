import { api, requireToken, withDefaultError } from '../../lib/http';
import type {
  AcceptanceStatus,
  AcceptTermsResponse,
  TermsOfService,
} from '../../api/terms-schemas';

/** Calls of /api/TermsOfService/* (spec section 7) with the default errors of section 8. */

export function fetchCurrentTerms(): Promise<TermsOfService> {
  return withDefaultError('Failed to fetch current Terms of Service', () =>
    api.get('TermsOfService/current').json<TermsOfService>(),
  );
}

export async function fetchAcceptanceStatus(): Promise<AcceptanceStatus> {
  requireToken();
  return withDefaultError('Failed to fetch Terms of Service acceptance status', () =>
    api.get('TermsOfService/acceptance-status').json<AcceptanceStatus>(),
  );
}

export async function acceptTerms(version: string): Promise<AcceptTermsResponse> {
  requireToken();
  return withDefaultError('Failed to accept Terms of Service', () =>
    api.post('TermsOfService/accept', { json: { version } }).json<AcceptTermsResponse>(),
  );
}
