import { z } from 'zod';
import type { Refusal } from '../domain/decision';
import { isStorableText, NOT_STORABLE_MESSAGE } from './text-rules';
import { timestamp } from './common';

/** Wire schemas of /api/TermsOfService/* (spec sections 3 and 7, api-contract.md "Terms"). */

/** The version the sign-up form sends (spec section 9). */
export const SIGNUP_TOS_VERSION = '1.0';

export const termsOfService = z.object({
  version: z.string(),
  content: z.string(),
  createdAt: timestamp,
});
export type TermsOfService = z.infer<typeof termsOfService>;

export const acceptanceStatus = z.object({
  requiresAcceptance: z.boolean(),
  hasAcceptedLatest: z.boolean(),
  currentVersion: z.string().nullable(),
});
export type AcceptanceStatus = z.infer<typeof acceptanceStatus>;

export const acceptTermsRequest = z.object({
  version: z.string().trim().min(1).max(32).refine(isStorableText, NOT_STORABLE_MESSAGE),
});
export type AcceptTermsRequest = z.input<typeof acceptTermsRequest>;

export const acceptTermsResponse = z.object({ version: z.string(), acceptedAt: timestamp });
export type AcceptTermsResponse = z.infer<typeof acceptTermsResponse>;

/** Title of the 403 every write answers while acceptance is required. */
export const TOS_REQUIRED_TITLE = 'Terms of Service acceptance required';

/** The 403 of a write by someone who has not accepted the current version (`version`). */
export function termsAcceptanceRequired(version: string | null | undefined): Refusal {
  return {
    status: 403,
    title: TOS_REQUIRED_TITLE,
    detail: `Accept the Terms of Service (version ${version ?? ''}) to continue.`,
  };
}
