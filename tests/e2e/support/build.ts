import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { REPO_ROOT, freePort } from './server-process';

/**
 * Builds the SPA once per run into a temporary folder (not the shared dist/, which other people in
 * this working tree may be building or serving at the same moment).
 */
export async function viteBuild(outDir: string, mode?: string): Promise<void> {
  const args = ['vite', 'build', '--outDir', outDir, '--emptyOutDir', '--logLevel', 'warn'];
  if (mode) args.push('--mode', mode);
  await new Promise<void>((resolve, reject) => {
    const child = spawn('npx', args, { cwd: REPO_ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`vite build ${mode ?? ''} failed (${code}):\n${output}`)),
    );
  });
  if (!fs.existsSync(path.join(outDir, 'index.html'))) {
    throw new Error(`vite build wrote no index.html into ${outDir}`);
  }
}

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
  const port = await freePort();
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
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    baseURL: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
