import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { isAppPage } from '../../src/api/app-pages';

/**
 * The built SPA (dist/): files as they are, and index.html for every other GET outside /api, so
 * that a deep link (/user/3, /activate?token=...) loads the app and its router takes over. A path
 * that is none of the app's pages gets it too, for the app's "Page not found", but with 404.
 */
export async function registerSpa(app: FastifyInstance, staticDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.resolve(staticDir),
    // Only files present at start get routes; anything else reaches the not-found handler,
    // which answers index.html (pages) or a 404 problem (/api).
    wildcard: false,
    // The build's .br and .gz copies (build/precompress.ts) go to browsers that accept them.
    preCompressed: true,
    cacheControl: false,
    setHeaders(reply, filePath) {
      // Vite puts content hashes in the names under assets/: those never change.
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      // A file that never changes is never revalidated: its validators and range support are
      // bytes in every first visit's headers for nothing.
      if (immutable)
        reply.removeHeader('etag').removeHeader('last-modified').removeHeader('accept-ranges');
    },
  });
}

/** The build's hashed files (Vite's assets/): immutable, and no documents. */
export function isAssetPath(pathname: string): boolean {
  return pathname.startsWith('/assets/');
}

export function isSpaPage(request: FastifyRequest): boolean {
  const pathname = request.url.split('?')[0] ?? '';
  return (
    (request.method === 'GET' || request.method === 'HEAD') &&
    pathname !== '/api' &&
    !pathname.startsWith('/api/') &&
    // A build's file that is not there (an old tab asking for a chunk of the build before) is a
    // 404: index.html in its place would fail as a script anyway, and would be a page served with
    // an asset's headers (app.ts), without the document's Content-Security-Policy.
    !isAssetPath(pathname)
  );
}

/**
 * The app for a page's address: 200 for one of its pages (src/api/app-pages.ts), 404 for any other
 * (a mistyped or outdated link), so that a crawler, a link checker or a monitor is told the truth
 * while a person still sees the app's own not-found page, with its way back.
 */
export function sendSpaIndex(reply: FastifyReply) {
  const pathname = reply.request.url.split('?')[0] ?? '';
  return reply
    .code(isAppPage(pathname) ? 200 : 404)
    .header('cache-control', 'no-cache')
    .type('text/html')
    .sendFile('index.html');
}
