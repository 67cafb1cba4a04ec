import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { isReadRouted } from '../db/database';
import { newRequestReads, runWithRequestReads, type RequestReads } from '../db/request-reads';
import type { Database } from '../db/schema';
import { recordWritePosition } from '../db/wal-positions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The read routing's state of this request (only with read replicas). */
    reads: RequestReads | null;
  }
  interface FastifyContextConfig {
    /**
     * A route whose reads must see others' writes at once (a stream woken by them: a replica a
     * moment behind would miss what woke it) reads the primary only.
     */
    readsFromPrimary?: boolean;
  }
}

/**
 * With read replicas: every request carries its routing state (server/db/request-reads.ts), and a
 * request that wrote something of its person's records, before its answer leaves, where in the log
 * that write ended, so that their next reads, on any instance, wait for a replica that has it.
 * Without replicas: nothing (no cost per request).
 */
export function installReadYourWrites(app: FastifyInstance, db: Kysely<Database>): void {
  if (!isReadRouted(db)) return;
  app.decorateRequest('reads', null);
  app.addHook('onRequest', (request, _reply, done) => {
    const reads = newRequestReads(request.method);
    if (request.routeOptions.config.readsFromPrimary === true) reads.replicasAllowed = false;
    request.reads = reads;
    runWithRequestReads(reads, done);
  });
  app.addHook('onSend', async (request, _reply, payload) => {
    const reads = request.reads;
    if (reads?.wrote === true && reads.userId !== undefined) {
      try {
        await recordWritePosition(db, reads.userId);
      } catch (error) {
        // The write itself is committed and answered; only its person's next reads lose the
        // guarantee, until the primary is back (they are then on it anyway).
        request.log.warn({ err: error }, 'Could not record where this write ended');
      }
    }
    return payload;
  });
}
