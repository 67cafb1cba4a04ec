import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * A tiny static server for the demo build: files as they are, every other path gets index.html (the
 * SPA routes in the browser). The demo has no API server; MSW answers in the browser.
 */
export async function serveStatic(
  root: string,
): Promise<{ baseURL: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const requested = path.normalize(path.join(root, decodeURIComponent(url.pathname)));
    const inside = requested.startsWith(root + path.sep) || requested === root;
    let file =
      inside && fs.existsSync(requested) && fs.statSync(requested).isFile() ? requested : '';
    if (!file) file = path.join(root, 'index.html');
    res.writeHead(200, {
      'Content-Type': MIME[path.extname(file)] ?? 'application/octet-stream',
      // The MSW worker must be allowed to control the whole origin.
      'Service-Worker-Allowed': '/',
      'Cache-Control': 'no-store',
    });
    fs.createReadStream(file).pipe(res);
  });
  // Port 0: the system picks a free one while this server already holds it.
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
