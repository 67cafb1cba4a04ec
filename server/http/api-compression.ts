import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import { addVary } from './vary';

/** JSON answers shorter than this are sent as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_CHARS = 1024;

/**
 * The fastest setting, not the smallest output: the answer is compressed on every request, inside
 * the request's time. Measured on a feed page of 20 from the bench's data (about 12 KB of words):
 * gzip level 1 about 35 µs and 31% of the size; gzip level 6 70 µs, brotli quality 4 100-120 µs,
 * brotli quality 1 45 µs, each to 29-40% of the size. So gzip level 1 only, which every
 * client takes. (The build's static files are compressed once, at brotli 11 and gzip 9:
 * build/precompress.ts.)
 */
const GZIP_OPTIONS: zlib.ZlibOptions = { level: 1 };

const COMPRESSIBLE = /^application\/(problem\+)?json\b/;

/**
 * Compresses JSON answers of about 1 KB and more with gzip for clients that accept it. The
 * payload is a string by then (Fastify's serializer ran), so one synchronous call replaces it: a
 * stream per answer (@fastify/compress) costs more than the compression of a page does. Streams
 * (notifications, exports) and the SPA's files (precompressed at build time) are left as they are.
 */
export function installApiCompression(app: FastifyInstance): void {
  // The negotiator keeps each distinct Accept-Encoding it has seen; browsers send few of them.
  const negotiator = new Negotiator<'gzip'>({
    supportedValues: ['gzip'],
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
    addVary(reply, 'accept-encoding');
    const accepted = request.headers['accept-encoding'];
    const encoding = accepted ? negotiator.negotiate(accepted) : null;
    if (encoding === null) {
      done(null, payload);
      return;
    }
    const body = zlib.gzipSync(payload, GZIP_OPTIONS);
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
