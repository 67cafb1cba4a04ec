import {
  COMMENTS_FILE_NAME,
  mediaFileName,
  commentMarkdown,
  commentOnMineMarkdown,
  commentsMarkdownHead,
  commentsOnMineMarkdownHead,
  revisionFileName,
  revisionMarkdown,
  ruminationFileName,
  ruminationMarkdown,
} from '../../../src/domain/markdown-export';
import {
  REACTIONS_FILE_NAME,
  reactionGivenMarkdown,
  reactionReceivedMarkdown,
  reactionsGivenMarkdownHead,
  reactionsReceivedMarkdownHead,
} from '../../../src/domain/markdown-export-reactions';
import { setImmediate as afterPendingIo } from 'node:timers/promises';
import type { ExportSource } from './export-source';
import { ZipWriter } from './export-zip';

/**
 * `format=markdown`: a zip of one Markdown file per own rumination (dated by its last update), its
 * photos in media/ (linked from its file), one per earlier version of each in history/ (dated when
 * it was saved), comments.md (the JSON's two comment lists, so trashed notes are left out here
 * too) and reactions.md (given and received), written as the pages come. The Markdown itself is src/domain/markdown-export.ts, which the
 * mock backend uses too.
 */
export async function* markdownExportChunks(source: ExportSource): AsyncGenerator<Buffer> {
  const zip = new ZipWriter();
  for await (const page of source.ruminations()) {
    // One buffer per slice of a page rather than pieces per note: few, large writes.
    for await (const slice of turnSized(page)) {
      yield zip.files(
        slice.map((rumination) => ({
          name: ruminationFileName(rumination),
          text: ruminationMarkdown(rumination),
          modified: new Date(rumination.updateTMS),
        })),
      );
    }
    // Then the page's photos, each streamed from storage as it is read: one photo's chunks in
    // memory at a time, whatever the account holds.
    for (const rumination of page) {
      for (const media of rumination.media) {
        const body = await source.photo(media.id);
        // Let go or swept since the page was read: its link then points at no file.
        if (body === undefined) continue;
        yield* zip.streamedFile(mediaFileName(media.id), body, new Date(rumination.updateTMS), {
          stored: true,
        });
      }
    }
  }
  for await (const page of source.revisions()) {
    for await (const slice of turnSized(page)) {
      yield zip.files(
        slice.map((revision) => ({
          name: revisionFileName(revision),
          text: revisionMarkdown(revision),
          modified: new Date(revision.savedTMS),
        })),
      );
    }
  }
  yield* zip.streamedFile(COMMENTS_FILE_NAME, commentsParts(source), new Date(source.exportedAt));
  yield* zip.streamedFile(REACTIONS_FILE_NAME, reactionsParts(source), new Date(source.exportedAt));
  // The central directory goes in its own blocks, not copied into one buffer.
  yield* zip.finish();
}

/** comments.md, one part per slice of a page of comments: my own, then others' on my notes. */
async function* commentsParts(source: ExportSource): AsyncGenerator<Buffer> {
  yield Buffer.from(commentsMarkdownHead(), 'utf8');
  for await (const page of source.comments()) {
    for await (const slice of turnSized(page)) {
      const text = slice.map((own) => commentMarkdown(own.comment, own.repliesOutside)).join('');
      yield Buffer.from(text, 'utf8');
    }
  }
  yield Buffer.from(commentsOnMineMarkdownHead(), 'utf8');
  for await (const page of source.commentsOnMyRuminations()) {
    for await (const slice of turnSized(page)) {
      yield Buffer.from(slice.map(commentOnMineMarkdown).join(''), 'utf8');
    }
  }
}

/** reactions.md, one part per page: the reactions I gave, then those on my notes. */
async function* reactionsParts(source: ExportSource): AsyncGenerator<Buffer> {
  yield Buffer.from(reactionsGivenMarkdownHead(), 'utf8');
  for await (const page of source.reactionsGiven()) {
    yield Buffer.from(page.map(reactionGivenMarkdown).join(''), 'utf8');
  }
  yield Buffer.from(reactionsReceivedMarkdownHead(), 'utf8');
  for await (const page of source.reactionsReceived()) {
    yield Buffer.from(page.map(reactionReceivedMarkdown).join(''), 'utf8');
  }
}

/**
 * Items written and compressed in one turn of the event loop: about a millisecond of work for
 * notes of 600 characters, a few for ten of the longest (5,000), measured on a loaded machine.
 */
export const EXPORT_ITEMS_PER_TURN = 10;

/**
 * A page in slices of EXPORT_ITEMS_PER_TURN, the loop's next turn awaited between two
 * (api-contract.md "My account": exports never hold up other people). A page of 100 notes written
 * and deflated at once held the loop for 5 to 15 ms. The wait before each page (export-source.ts)
 * was enough on SQLite, where another request is served in about one turn; on PostgreSQL a request
 * awaits each of its queries, and an export's whole page could run between any two of them:
 * another person's /public went from 5.3 to 25 ms (p50) with one export running. Now no turn
 * holds more than a slice.
 */
async function* turnSized<Item>(page: readonly Item[]): AsyncGenerator<Item[]> {
  for (let at = 0; at < page.length; at += EXPORT_ITEMS_PER_TURN) {
    // Before the first slice too: the end of one page and the start of the next are not one turn.
    await afterPendingIo();
    yield page.slice(at, at + EXPORT_ITEMS_PER_TURN);
  }
}
