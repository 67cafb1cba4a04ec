import { isApiError } from './api-error';

/**
 * How a new note or comment is sent with the time it was written (`writtenTMS`), so that one sent
 * later (offline) keeps it. The server refuses a time it cannot believe (a phone's clock far off, a
 * queue older than 30 days: 400 on `writtenTMS`); the write is then sent once more without it,
 * dated on arrival: the words matter more than their date. A refused request stores nothing under
 * its idempotency key, so the same key serves the second body.
 */
export async function sendKeepingWrittenTime<TBody extends { writtenTMS?: string }, TResult>(
  body: TBody,
  send: (body: TBody) => Promise<TResult>,
): Promise<TResult> {
  try {
    return await send(body);
  } catch (error) {
    if (body.writtenTMS === undefined || !refusesWrittenTime(error)) throw error;
    const { writtenTMS: _refused, ...undated } = body;
    return send(undated as TBody);
  }
}

function refusesWrittenTime(error: unknown): boolean {
  return isApiError(error) && error.status === 400 && !!error.problem?.errors?.['writtenTMS'];
}
