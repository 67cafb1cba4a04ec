/** One rate limit: at most `max` requests per `windowMs` per key (address or account). */
export interface RateLimitRule {
  max: number;
  windowMs: number;
}

const MINUTE = 60_000;

/**
 * Every rate limit, once: its name in AppConfig.rateLimits and its Mastodon-like default
 * (api-contract.md "Accounts": per client address and per account). No variable sets one alone:
 * RATE_LIMIT_MULTIPLIER scales them all, RATE_LIMIT_ENABLED switches them all.
 */
const RATE_LIMIT_DEFAULTS = {
  /** Sign-in attempts from one address, whatever the account. */
  loginPerAddress: { max: 25, windowMs: 5 * MINUTE },
  /**
   * Wrong passwords for one account from one address: a stranger elsewhere cannot lock its owner
   * out (api-contract.md "Accounts").
   */
  loginFailuresPerPair: { max: 10, windowMs: 15 * MINUTE },
  /** Wrong passwords for one account from all addresses together: a ceiling on guessing only. */
  loginFailuresPerAccount: { max: 100, windowMs: 60 * MINUTE },
  signupPerAddress: { max: 5, windowMs: 30 * MINUTE },
  /** Reset emails sent to one account (the answer is 200 either way). */
  forgotEmailsPerAccount: { max: 5, windowMs: 30 * MINUTE },
  forgotPerAddress: { max: 25, windowMs: 30 * MINUTE },
  resetPerAccount: { max: 5, windowMs: 30 * MINUTE },
  resetPerAddress: { max: 25, windowMs: 30 * MINUTE },
  /** Reads a script could scrape (people search, note search: each counted apart), per signed-in user. */
  searchPerUser: { max: 60, windowMs: MINUTE },
  /**
   * Photo uploads per signed-in user: each costs a decode slot (MEDIA_DECODE_CONCURRENCY) that
   * everyone's uploads share, and up to 15 MB of disk while it waits. Six photos to a note: ten
   * notes' worth in ten minutes.
   */
  uploadsPerUser: { max: 60, windowMs: 10 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/** A rule for each limit (the keys and their comments come from RATE_LIMIT_DEFAULTS). */
export type RateLimitRules = { [Name in keyof typeof RATE_LIMIT_DEFAULTS]: RateLimitRule };

export interface RateLimits extends RateLimitRules {
  enabled: boolean;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { enabled: true, ...RATE_LIMIT_DEFAULTS };

/** Each limit's rule made from its default one (scaled; made unreachable in tests). */
export function eachRateLimit(rule: (defaults: RateLimitRule) => RateLimitRule): RateLimitRules {
  const entries = Object.entries(RATE_LIMIT_DEFAULTS).map(([name, d]) => [name, rule(d)]);
  return Object.fromEntries(entries) as RateLimitRules;
}

/** The default limits with every maximum multiplied by `factor` (rounded, at least 1). */
export function scaledRateLimits(enabled: boolean, factor: number): RateLimits {
  return {
    enabled,
    ...eachRateLimit((d) => ({
      max: Math.max(1, Math.round(d.max * factor)),
      windowMs: d.windowMs,
    })),
  };
}
