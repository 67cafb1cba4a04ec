import type { FastifyInstance } from 'fastify';
import { accountRoutes } from './account/account-routes';
import { exportRoutes } from './account/export-routes';
import { authRoutes } from './auth/auth-routes';
import { commentRoutes } from './comments/comment-routes';
import { digestRoutes } from './digests/digest-routes';
import { healthRoutes } from './health/health-routes';
import { notificationRoutes } from './notifications/notification-routes';
import { notificationStreamRoutes } from './notifications/notification-stream-routes';
import { relationRoutes } from './relations/relation-routes';
import { ruminationRoutes } from './ruminations/rumination-routes';
import { memoryRoutes } from './memories/memory-routes';
import { reactionRoutes } from './reactions/reaction-routes';
import { termsRoutes } from './terms/terms-routes';
import { peopleRoutes } from './people/people-routes';
import { preferencesRoutes } from './preferences/preferences-routes';
import { pushPlugin } from './push/push-module';
import { mediaPlugin } from './media/media-module';
import { importPlugin } from './imports/import-module';
import { reminderModule } from './reminders/reminder-module';

/**
 * Every resource module of the API. A module is a Fastify plugin (`async (app) => { ... }`) that
 * registers its routes with full paths (`/api/...`) and the zod type provider; add one line each.
 */
export async function registerModules(app: FastifyInstance): Promise<void> {
  // Photos' storage and signer first: the modules that show or export notes use them.
  await app.register(mediaPlugin);
  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(termsRoutes);
  await app.register(ruminationRoutes);
  await app.register(memoryRoutes);
  await app.register(commentRoutes);
  await app.register(reactionRoutes);
  await app.register(relationRoutes);
  await app.register(peopleRoutes);
  await app.register(accountRoutes);
  await app.register(preferencesRoutes);
  await app.register(exportRoutes);
  await app.register(importPlugin);
  await app.register(pushPlugin);
  await app.register(digestRoutes);
  await app.register(reminderModule);
  // The stream's fixed path before /api/notifications' own routes.
  await app.register(notificationStreamRoutes);
  await app.register(notificationRoutes);
}
