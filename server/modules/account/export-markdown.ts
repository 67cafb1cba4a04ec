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
import type { ExportSource } from './export-source';
import { ZipWriter } from './export-zip';

/**
 * `format=markdown`: a zip of one Markdown file per own rumination (dated by its last update), its
 * photos in media/ (linked from its file), one per earlier version of each in history/ (dated when
 * it was saved), and comments.md (the JSON's two comment lists, so trashed notes are left out here
 * too), written as the pages come. The Markdown itself is src/domain/markdown-export.ts, which the
 * mock backend uses too.
 */
export async function* markdownExportChunks(source: ExportSource): AsyncGenerator<Buffer> {
  const zip = new ZipWriter();
  for await (const page of source.ruminations()) {
    // One buffer per page rather than pieces per note: few, large writes and allocations.
    yield zip.files(
      page.map((rumination) => ({
        name: ruminationFileName(rumination),
        text: ruminationMarkdown(rumination),
        modified: new Date(rumination.updateTMS),
      })),
    );
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
    yield zip.files(
      page.map((revision) => ({
        name: revisionFileName(revision),
        text: revisionMarkdown(revision),
        modified: new Date(revision.savedTMS),
      })),
    );
  }
  yield* zip.streamedFile(COMMENTS_FILE_NAME, commentsParts(source), new Date(source.exportedAt));
  // The central directory goes in its own blocks, not copied into one buffer.
  yield* zip.finish();
}

/** comments.md, one part per page of comments: my own, then other people's on my notes. */
async function* commentsParts(source: ExportSource): AsyncGenerator<Buffer> {
  yield Buffer.from(commentsMarkdownHead(), 'utf8');
  for await (const page of source.comments()) {
    const text = page.map((own) => commentMarkdown(own.comment, own.repliesOutside)).join('');
    yield Buffer.from(text, 'utf8');
  }
  yield Buffer.from(commentsOnMineMarkdownHead(), 'utf8');
  for await (const page of source.commentsOnMyRuminations()) {
    yield Buffer.from(page.map(commentOnMineMarkdown).join(''), 'utf8');
  }
}
