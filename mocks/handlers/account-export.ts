import { strToU8, zipSync, type Zippable } from 'fflate';
import { HttpResponse } from 'msw';
import { exportQuery, type AccountExport } from '../../src/api/account-schemas';
import {
  COMMENTS_FILE_NAME,
  EXPORT_CONTENT_TYPES,
  commentsMarkdown,
  exportContentDisposition,
  exportFileName,
  ruminationFileName,
  ruminationMarkdown,
} from '../../src/domain/markdown-export';
import { ApiProblem } from '../../src/api/problem';
import { ACCOUNT_PROBLEMS } from '../../src/domain/account-decisions';
import { readQuery, requireUser, route } from '../http';
import { findUser, getDb } from '../store';
import { toExportedComment, toRelation, toRumination } from '../views';

/**
 * GET /api/account/export in the mock backend (api-contract.md "My writing"): the same document
 * and the same Markdown (src/domain/markdown-export.ts) as the server, in the same order, built at
 * once: the mock's store is in memory anyway. The server streams both instead.
 */

/** What the server's export holds, in its orders: notes newest first, the rest oldest first. */
function accountExportOf(userId: number): AccountExport {
  const user = findUser(userId);
  if (!user) throw ApiProblem.of(ACCOUNT_PROBLEMS.exportGone);
  const db = getDb();
  return {
    exportedAt: new Date().toISOString(),
    account: { id: user.id, username: user.username, email: user.email, createTMS: user.createTMS },
    ruminations: db.ruminations
      .filter((r) => r.authorId === userId)
      .sort((a, b) => b.id - a.id)
      .map(toRumination),
    comments: db.comments
      .filter((c) => c.authorId === userId)
      .sort((a, b) => a.id - b.id)
      .map(toExportedComment),
    relations: db.relations
      .filter((r) => r.initiatorId === userId || r.receiverId === userId)
      .sort((a, b) => a.id - b.id)
      .map(toRelation),
    termsAcceptances: db.acceptances
      .filter((a) => a.userId === userId)
      .map((a) => ({ version: a.version, acceptedAt: a.acceptedAt })),
  };
}

function markdownZip(data: AccountExport): Uint8Array {
  const files: Zippable = {};
  for (const rumination of data.ruminations) {
    files[ruminationFileName(rumination)] = [
      strToU8(ruminationMarkdown(rumination)),
      { mtime: new Date(rumination.updateTMS) },
    ];
  }
  files[COMMENTS_FILE_NAME] = [
    strToU8(commentsMarkdown(data.comments)),
    { mtime: new Date(data.exportedAt) },
  ];
  return zipSync(files);
}

export const accountExportHandlers = [
  route('get', '/api/account/export', ({ request }) => {
    // The query first, then the token: the server validates before its handler runs.
    const { format } = readQuery(request, exportQuery);
    const data = accountExportOf(requireUser(request));
    const kind = format === 'json' ? 'json' : 'zip';
    const headers = {
      'Content-Type': EXPORT_CONTENT_TYPES[kind],
      'Content-Disposition': exportContentDisposition(
        exportFileName(data.account.username, data.exportedAt, kind),
      ),
    };
    const body = format === 'json' ? JSON.stringify(data) : markdownZip(data);
    return new HttpResponse(body, { headers });
  }),
];
