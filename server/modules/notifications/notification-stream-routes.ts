import type { OutgoingHttpHeaders } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { bearerTokenOf } from '../../../src/api/http-problems';
import {
  lastEventIdOf,
  NOTIFICATION_STREAM_HEADERS,
} from '../../../src/api/notification-stream-format';
import type { OpenStreams } from './notification-open-streams';
import { NotificationStream } from './notification-stream';

/**
 * GET /api/notifications/stream (api-contract.md "Notifications"): `text/event-stream` of
 * `notification` events (with `id:`) and `unread` events (without), a comment line as heartbeat.
 * Browsers read it with fetch (EventSource cannot send the bearer token). The bus and the registry
 * of open streams are the app's (app.ts); the per-connection logic is notification-stream.ts.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** Open notification streams, ended when the app closes. */
    notificationStreams: OpenStreams;
  }
}

const SSE_HEADERS = {
  ...NOTIFICATION_STREAM_HEADERS,
  connection: 'keep-alive',
  // nginx: pass each event on at once instead of buffering the response.
  'x-accel-buffering': 'no',
};

/** The headers every answer gets (security headers of app.ts), with the stream's own on top. */
function streamHeaders(reply: FastifyReply): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (value !== undefined) headers[name] = value;
  }
  return { ...headers, ...SSE_HEADERS };
}

/** The bearer token of a request that requireUser() accepted. */
function bearerToken(request: FastifyRequest): string {
  const read = bearerTokenOf(request.headers.authorization);
  return (read.ok && read.value) || '';
}

export async function notificationStreamRoutes(app: FastifyInstance): Promise<void> {
  app.notificationStreams.configure({
    db: app.db,
    bus: app.notificationPublisher,
    log: app.log,
  });
  // What wakes a stream is someone else's write: it must read the primary, or a replica a moment
  // behind would miss it (api-contract.md "Notifications": nothing missed).
  const config = { readsFromPrimary: true };
  app.get('/api/notifications/stream', { config }, async (request, reply) => {
    // Before anything is streamed: a missing or revoked token answers 401 problem details.
    const user = await request.requireUser();
    const lastEventIdHeader = request.headers['last-event-id'];
    const lastEventId = lastEventIdOf(
      Array.isArray(lastEventIdHeader) ? lastEventIdHeader[0] : lastEventIdHeader,
    );

    // From here on the response is written by hand and stays open.
    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, streamHeaders(reply));
    // HEAD (which Fastify routes here too) gets the headers only: there is no body to hold open.
    if (request.method === 'HEAD') {
      res.end();
      return;
    }
    res.flushHeaders();
    // Events are small and must go out at once.
    res.socket?.setNoDelay(true);

    const stream = new NotificationStream(res, user.id, bearerToken(request), {
      db: app.db,
      jwtSecret: app.jwtSecret,
      timings: app.config.notificationStream,
      log: request.log,
      streams: app.notificationStreams,
    });
    stream.start(lastEventId);
  });
}
