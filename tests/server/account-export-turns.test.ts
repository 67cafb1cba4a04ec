import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { ExportedRevision, ExportedRumination } from '../../src/api/account-schemas';
import { COMMENTS_FILE_NAME } from '../../src/domain/markdown-export';
import { REACTIONS_FILE_NAME } from '../../src/domain/markdown-export-reactions';
import { markdownExportChunks } from '../../server/modules/account/export-markdown';
import type { ExportSource } from '../../server/modules/account/export-source';

/**
 * Exports never hold up other people (api-contract.md "My account"), on PostgreSQL too: there
 * another request awaits each of its queries, and whatever the export does in one turn of the
 * event loop runs before each of them. So the Markdown zip gives the loop a turn at least every
 * ten notes or versions, never a whole page of 100 (5 to 15 ms of writing and compressing). The
 * database is not involved: the pages come from a source made here, as fast as it can give them.
 */

const PAGE = 100;
const AUTHOR = { id: 1, username: 'maya', displayName: 'Maya' };

function note(id: number): ExportedRumination {
  return {
    id,
    content: `Note ${id}: ${'morning coffee walk thought remember quiet rain '.repeat(12)}`,
    createdBy: AUTHOR,
    createTMS: '2025-01-01T00:00:00.000Z',
    updateTMS: '2025-01-02T00:00:00.000Z',
    isPublished: true,
    audiences: [],
    commentCount: 0,
    version: 2,
    media: [],
    reactions: [],
    tags: [],
  };
}

function revision(ruminationId: number, id: number): ExportedRevision {
  return {
    ruminationId,
    id,
    version: 1,
    content: `An earlier note ${id}: ${'letter mother father friend '.repeat(20)}`,
    isPublished: true,
    audiences: [],
    savedTMS: '2025-01-01T00:00:00.000Z',
  };
}

async function* pagesOf<Item>(items: Item[]): AsyncGenerator<Item[]> {
  for (let at = 0; at < items.length; at += PAGE) yield items.slice(at, at + PAGE);
}

/** An account of `notes` notes with one earlier version each, and nothing else. */
function source(notes: number): ExportSource {
  const ids = Array.from({ length: notes }, (_, i) => i + 1);
  return {
    exportedAt: '2025-02-01T00:00:00.000Z',
    account: { ...AUTHOR, email: 'maya@example.com', createTMS: '2024-01-01T00:00:00.000Z' },
    ruminations: () => pagesOf(ids.map(note)),
    photo: () => Promise.resolve(undefined),
    revisions: () => pagesOf(ids.map((id) => revision(id, id))),
    comments: () => pagesOf([]),
    commentsOnMyRuminations: () => pagesOf([]),
    reactionsGiven: () => pagesOf([]),
    reactionsReceived: () => pagesOf([]),
    relations: () => pagesOf([]),
    termsAcceptances: () => Promise.resolve([]),
  };
}

/**
 * Notes and versions begun in a chunk: local file headers (signature PK\3\4), comments.md and
 * reactions.md aside (streamed files, whose headers go out on their own).
 */
function filesIn(chunk: Buffer): number {
  let count = 0;
  for (let at = chunk.indexOf('PK\x03\x04', 0, 'latin1'); at !== -1;) {
    const name = chunk.toString('utf8', at + 30, at + 30 + chunk.readUInt16LE(at + 26));
    if (name !== COMMENTS_FILE_NAME && name !== REACTIONS_FILE_NAME) count += 1;
    at = chunk.indexOf('PK\x03\x04', at + 4, 'latin1');
  }
  return count;
}

describe('the Markdown export and the event loop', () => {
  it('lets other work run at least every ten files, never after a whole page', async () => {
    // A turn of the loop is counted each time other work (the setImmediate below) gets to run.
    let turn = 0;
    let running = true;
    const otherWork = (async () => {
      while (running) {
        await nextTurn();
        turn += 1;
      }
    })();
    const filesPerTurn = new Map<number, number>();
    let files = 0;
    for await (const chunk of markdownExportChunks(source(250))) {
      const inChunk = filesIn(chunk);
      files += inChunk;
      filesPerTurn.set(turn, (filesPerTurn.get(turn) ?? 0) + inChunk);
    }
    running = false;
    await otherWork;
    // 250 notes and 250 versions, all written.
    expect(files).toBe(500);
    expect(Math.max(...filesPerTurn.values())).toBeLessThanOrEqual(10);
  });
});
