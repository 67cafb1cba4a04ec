import { getDb } from './db';
import type { StoredIdempotentAnswer } from './tables';

/** How many answers are kept, newest last: far more than one person's writes in flight. */
const IDEMPOTENT_ANSWERS_KEPT = 200;

export function findIdempotentAnswer(id: string): StoredIdempotentAnswer | undefined {
  return getDb().idempotentAnswers.find((answer) => answer.id === id);
}

export function rememberIdempotentAnswer(answer: StoredIdempotentAnswer): void {
  const db = getDb();
  db.idempotentAnswers = [
    ...db.idempotentAnswers.filter((kept) => kept.id !== answer.id),
    answer,
  ].slice(-IDEMPOTENT_ANSWERS_KEPT);
}
