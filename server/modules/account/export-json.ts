import type { ExportSource, OwnExportedComment } from './export-source';

/**
 * `format=json`: the accountExport document of src/api/account-schemas.ts, in its key order, written
 * piece by piece. Each list is opened, filled page by page (one string per page: few, large
 * writes) and closed, so the whole document never exists in memory at once.
 */
export async function* jsonExportChunks(source: ExportSource): AsyncGenerator<string> {
  yield `{"exportedAt":${JSON.stringify(source.exportedAt)},"account":${JSON.stringify(source.account)}`;
  yield* jsonArray('ruminations', source.ruminations());
  yield* jsonArray('revisions', source.revisions());
  yield* jsonArray('comments', commentsOnly(source.comments()));
  yield* jsonArray('commentsOnMyRuminations', source.commentsOnMyRuminations());
  yield* jsonArray('reactionsGiven', source.reactionsGiven());
  yield* jsonArray('reactionsReceived', source.reactionsReceived());
  yield* jsonArray('relations', source.relations());
  yield `,"termsAcceptances":${JSON.stringify(await source.termsAcceptances())}}`;
}

async function* jsonArray(name: string, pages: AsyncIterable<unknown[]>): AsyncGenerator<string> {
  let first = true;
  yield `,${JSON.stringify(name)}:[`;
  for await (const page of pages) {
    const items = page.map((item) => JSON.stringify(item)).join(',');
    yield first ? items : `,${items}`;
    first = false;
  }
  yield ']';
}

/** The JSON holds an own comment as the API's shape, without what only comments.md says. */
async function* commentsOnly(
  pages: AsyncIterable<OwnExportedComment[]>,
): AsyncGenerator<unknown[]> {
  for await (const page of pages) yield page.map((own) => own.comment);
}
