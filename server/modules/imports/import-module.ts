import type { FastifyInstance } from 'fastify';
import { DecodeSlots } from '../media/decode-slots';
import { importRoutes } from './import-routes';
import { ImportWorker } from './import-worker';

declare module 'fastify' {
  interface FastifyInstance {
    imports: ImportWorker;
  }
}

/**
 * Journal imports (api-contract.md "Bring your journal: import"): the routes, and this instance's
 * worker, which starts looking for jobs when the app is ready and gives its job back when it
 * closes. Its photos take one decode slot of their own: an import decodes one photo at a time, so
 * people's own uploads keep theirs.
 */
async function importModule(app: FastifyInstance): Promise<void> {
  const worker = new ImportWorker({
    db: app.db,
    storage: app.media.storage,
    slots: new DecodeSlots(1),
    quotaBytes: app.config.media.quotaBytes,
    log: app.log,
  });
  app.decorate('imports', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());
  await app.register(importRoutes(worker));
}

export const importPlugin = Object.assign(importModule, { [Symbol.for('skip-override')]: true });
