import {
  COMMENTS_FILE_NAME,
  commentMarkdown,
  commentsMarkdownHead,
  ruminationFileName,
  ruminationMarkdown,
} from '../../../src/domain/markdown-export';
import type { ExportSource } from './export-source';
import { ZipWriter } from './export-zip';

/**
 * `format=markdown`: a zip of one Markdown file per own rumination (dated by its last update) and
 * comments.md, written as the pages come. The Markdown itself is src/domain/markdown-export.ts,
 * which the mock backend uses too.
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
  }
  yield* zip.streamedFile(COMMENTS_FILE_NAME, commentsParts(source), new Date(source.exportedAt));
  // The central directory goes in its own blocks, not copied into one buffer.
  yield* zip.finish();
}

/** comments.md, one part per page of comments. */
async function* commentsParts(source: ExportSource): AsyncGenerator<Buffer> {
  yield Buffer.from(commentsMarkdownHead(), 'utf8');
  for await (const page of source.comments()) {
    yield Buffer.from(page.map(commentMarkdown).join(''), 'utf8');
  }
}
