import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import type { AppConfig } from '../config';

/**
 * Erased stays erased (api-contract.md "Backups"): every account erasure is appended at once to
 * erasures.jsonl, one JSON line each, holding only what re-applying it needs (the user id and the
 * time). It lives in BACKUP_DIR, away from the data, so that it outlives the data folder; without
 * BACKUP_DIR, beside the data in DATA_DIR. A restore re-applies the erasures made since its backup.
 */

export const ERASURE_LOG_FILE = 'erasures.jsonl';

const erasureLine = z.object({ userId: z.number().int().positive(), at: z.iso.datetime() });
export type RecordedErasure = z.infer<typeof erasureLine>;

/** Where this server's erasures are recorded. */
export function erasureLogPath(config: Pick<AppConfig, 'dataDir' | 'backup'>): string {
  return path.join(config.backup.dir ?? config.dataDir, ERASURE_LOG_FILE);
}

/**
 * Appends one erasure, synchronously, so that it is on disk before the answer says the account is
 * gone. A failure is logged, not thrown: the account is gone either way, and the operator must
 * know that a restore would not erase it again.
 */
export function recordErasure(
  logFile: string,
  userId: number,
  log: Pick<FastifyBaseLogger, 'error'>,
  at: Date = new Date(),
): void {
  try {
    fs.mkdirSync(path.dirname(logFile), { recursive: true });
    const line: RecordedErasure = { userId, at: at.toISOString() };
    fs.appendFileSync(logFile, `${JSON.stringify(line)}\n`, { mode: 0o600 });
  } catch (error) {
    log.error(
      { err: error, userId, logFile },
      'The erasure could not be recorded in the erasure log',
    );
  }
}

/**
 * The erasures recorded at or after `since` (ISO), oldest first. A line cut short by a crash
 * while it was written is skipped; any other unreadable line stops the restore, as an erasure
 * silently left out would bring a deleted account back.
 */
export function erasuresSince(logFile: string, since: string): RecordedErasure[] {
  let text: string;
  try {
    text = fs.readFileSync(logFile, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const lines = text.split('\n');
  const found: RecordedErasure[] = [];
  lines.forEach((line, index) => {
    if (line.trim() === '') return;
    let parsed: RecordedErasure;
    try {
      parsed = erasureLine.parse(JSON.parse(line));
    } catch {
      if (index === lines.length - 1) return; // the last line, unfinished: no newline after it
      throw new Error(`${logFile} line ${index + 1} is not a recorded erasure`);
    }
    if (parsed.at >= since) found.push(parsed);
  });
  return found;
}
