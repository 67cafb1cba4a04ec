import type { RateLimitRule } from '../../config';
import type { RateCounters } from '../../http/rate-counters';
import { tooManyAttempts } from '../../http/rate-limit';

/**
 * Wrong passwords, counted so that a stranger cannot lock an owner out (api-contract.md
 * "Accounts"): per account and address pair (10 in 15 minutes; then that pair waits, right
 * password or not), and per account from all addresses only as a ceiling on guessing (100 an
 * hour). Successful sign-ins count nothing; a completed password reset clears the account's
 * counts. The account is `user:<id>`, or `login:<name>` for a name with no account, so that an
 * unknown name is limited exactly like a known one.
 */
export interface LoginThrottleRules {
  enabled: boolean;
  perPair: RateLimitRule;
  perAccount: RateLimitRule;
}

const PREFIX = 'login-failures:';
const accountKey = (account: string) => `${PREFIX}${account}`;
const pairKey = (account: string, address: string) => `${PREFIX}${account}:from:${address}`;

export function accountOfUser(userId: number): string {
  return `user:${userId}`;
}

export class LoginThrottle {
  constructor(
    private readonly counters: RateCounters,
    private readonly rules: LoginThrottleRules,
  ) {}

  /** Before checking a password: 429 when this pair, or the account as a whole, is over. */
  async check(account: string, address: string): Promise<void> {
    if (!this.rules.enabled) return;
    const pair = pairKey(account, address);
    const total = accountKey(account);
    const states = await this.counters.read([pair, total]);
    const pairState = states.get(pair);
    if (pairState && pairState.count >= this.rules.perPair.max) throw tooManyAttempts(pairState);
    const totalState = states.get(total);
    if (totalState && totalState.count >= this.rules.perAccount.max) {
      throw tooManyAttempts(totalState);
    }
  }

  async recordFailure(account: string, address: string): Promise<void> {
    if (!this.rules.enabled) return;
    await Promise.all([
      this.counters.hit(pairKey(account, address), this.rules.perPair.windowMs),
      this.counters.hit(accountKey(account), this.rules.perAccount.windowMs),
    ]);
  }

  /** After a completed password reset: the owner starts afresh from every address. */
  async clear(account: string): Promise<void> {
    await this.counters.clear([accountKey(account)], [`${accountKey(account)}:from:`]);
  }
}
