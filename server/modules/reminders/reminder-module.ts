import type { FastifyInstance } from 'fastify';
import { scheduleReminders } from './reminder-run';

/**
 * "Remind me to write" (api-contract.md "Memories", reminders): no routes of its own (the
 * preference is /api/account/preferences, its email's unsubscribe /api/email/unsubscribe), only
 * the run, scheduled with the app.
 */
export async function reminderModule(app: FastifyInstance): Promise<void> {
  scheduleReminders(app);
}
