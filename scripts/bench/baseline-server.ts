import http from 'node:http';
import SQLite from 'better-sqlite3';

/**
 * The benchmark's yardstick: the least a Node server can do for a page of ruminations. A bare
 * node:http server answering every request with one indexed 20-row SQLite query (the public list:
 * the ruminations_public_id index gives the rows in order) serialised as JSON in the API's shape,
 * padded to the byte size of a real feed page. No framework, no validation, no auth.
 *
 * Env: BASELINE_DB (SQLite file, opened read-only), BASELINE_BYTES (payload size to match),
 * PORT. Prints "listening <port>" when ready.
 */

const file = process.env['BASELINE_DB'];
if (!file) throw new Error('BASELINE_DB is required');
const targetBytes = Number(process.env['BASELINE_BYTES'] ?? '0');

const db = new SQLite(file, { readonly: true });
const page = db.prepare(
  `select r.id, r.content, r.author_id, u.username, r.is_published, r.audience_mask,
          r.create_tms, r.update_tms
   from ruminations r join users u on u.id = r.author_id
   where r.is_published = 1 and r.audience_mask = 0
   order by r.id desc limit 20`,
);

interface Row {
  id: number;
  content: string;
  author_id: number;
  username: string;
  is_published: number;
  audience_mask: number;
  create_tms: string;
  update_tms: string;
}

function body(): string {
  const rows = (page.all() as Row[]).map((r) => ({
    id: r.id,
    content: r.content,
    createdBy: { id: r.author_id, username: r.username },
    createTMS: r.create_tms,
    updateTMS: r.update_tms,
    isPublished: r.is_published === 1,
    audiences: [] as { relationType: number }[],
  }));
  let json = JSON.stringify(rows);
  // Same bytes on the wire as the endpoint it is compared with: pad the last item.
  const missing = targetBytes - Buffer.byteLength(json) - ',"pad":""'.length;
  if (missing > 0 && rows.length > 0) {
    json = `${json.slice(0, -2)},"pad":"${'x'.repeat(missing)}"}]`;
  }
  return json;
}

const server = http.createServer((_req, res) => {
  const json = body();
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  res.end(json);
});

server.listen(Number(process.env['PORT'] ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening ${typeof address === 'object' && address ? address.port : ''}`);
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
