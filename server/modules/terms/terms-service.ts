import type { Kysely } from 'kysely';
import type { AcceptTermsResponse } from '../../../src/api/terms-schemas';
import { settle } from '../../../src/api/problem';
import { decideTermsAcceptance } from '../../../src/domain/terms-decisions';
import { asWriter } from '../../credentials/writer-lock';
import type { Database } from '../../db/schema';
import { findAcceptance, findCurrentVersion, recordAcceptance } from './terms-queries';

/**
 * POST /api/TermsOfService/accept (api-contract.md "Terms of Service"): the rule is
 * src/domain/terms-decisions.ts; this loads its facts and stores what it decided.
 *
 * A write of the person like any other (server/credentials/writer-lock.ts): its facts, its insert
 * and its answer are in one transaction that begins with the person's lock, so the account's
 * erasure excludes it. Without it, an acceptance whose token was checked before the erasure found
 * the erased acceptance gone and recorded a new one after it, and answered 200 after the deletion's
 * 204. Concurrent first acceptances keep one row (recordAcceptance); each answers the stored time,
 * read back after the insert, which on PostgreSQL sees the row a concurrent one committed first.
 */
export async function acceptTerms(
  db: Kysely<Database>,
  userId: number,
  version: string,
): Promise<AcceptTermsResponse> {
  return asWriter(db, userId, async (trx) => {
    const facts = {
      currentVersion: await findCurrentVersion(trx),
      acceptedAt: await findAcceptance(trx, userId, version),
    };
    const decided = settle(decideTermsAcceptance(facts, version));
    if (!decided.record) return { version: decided.version, acceptedAt: decided.acceptedAt };
    await recordAcceptance(trx, userId, decided.version, new Date().toISOString());
    const acceptedAt = await findAcceptance(trx, userId, decided.version);
    if (acceptedAt === undefined) throw new Error('the acceptance just recorded is not there');
    return { version: decided.version, acceptedAt };
  });
}
