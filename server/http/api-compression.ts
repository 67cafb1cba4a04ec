import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';

/** JSON answers shorter than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_CHARS = 1024;

/**
 * Fast settings, not the smallest output: the answer is compressed on every request, inside the
 * request's time. Measured on a feed page of 20 (about 12 KB): brotli quality 4 about 33 µs, gzip
 * level 6 about 26 µs; both shrink it to about a fifth. (The build's static files are compressed
 * once, at brotli 11 and gzip 9: build/precompress.ts.)
 */
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
  },
};
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 6 };

const COMPRESSIBLE = /^application\/(problem\+)?json\b/;

/**
 * Compresses JSON answers of about 1 KB and more for clients that accept brotli or gzip. The
 * payload is a string by then (Fastify's serializer ran), so one synchronous call replaces it: a
 * stream per answer (@fastify/compress) costs more than the compression of a page does. Streams
 * (notifications, exports) and the SPA's files (precompressed at build time) are left as they are.
 */
export function installApiCompression(app: FastifyInstance): void {
  // The negotiator keeps each distinct Accept-Encoding it has seen; browsers send few of them.
  const negotiator = new Negotiator<'br' | 'gzip'>({
    supportedValues: ['br', 'gzip'],
    cache: new BoundedCache(100),
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    if (typeof payload !== 'string' || payload.length < COMPRESS_MIN_CHARS) {
      done(null, payload);
      return;
    }
    const type = reply.getHeader('content-type');
    if (
      typeof type !== 'string' ||
      !COMPRESSIBLE.test(type) ||
      reply.hasHeader('content-encoding')
    ) {
      done(null, payload);
      return;
    }
    // The answer depends on the request's Accept-Encoding from here on, whatever it holds.
    reply.header('vary', 'accept-encoding');
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? negotiator.negotiate(accepted) : null;
    if (encoding === null) {
      done(null, payload);
      return;
    }
    const body =
      encoding === 'br'
        ? zlib.brotliCompressSync(payload, BROTLI_OPTIONS)
        : zlib.gzipSync(payload, GZIP_OPTIONS);
    reply.header('content-encoding', encoding);
    reply.removeHeader('content-length');
    done(null, body);
  });
}

/** A Map that forgets everything once it holds `limit` keys: a client cannot grow it unbounded. */
class BoundedCache extends Map<string, string> {
  constructor(private readonly limit: number) {
    super();
  }

  override set(key: string, value: string): this {
    if (this.size >= this.limit) this.clear();
    return super.set(key, value);
  }
}
