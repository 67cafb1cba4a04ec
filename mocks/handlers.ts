import { accountHandlers } from './handlers/account';
import { authHandlers } from './handlers/auth';
import { commentHandlers } from './handlers/comments';
import { accountExportHandlers } from './handlers/account-export';
import { notificationHandlers } from './handlers/notifications';
import { relationHandlers } from './handlers/relations';
import { ruminationHandlers } from './handlers/ruminations';
import { memoryHandlers } from './handlers/memories';
import { reactionHandlers } from './handlers/reactions';
import { termsHandlers } from './handlers/terms';
import { peopleHandlers } from './handlers/people';
import { pushHandlers } from './handlers/push';
import { mediaHandlers } from './handlers/media';
import { importHandlers } from './handlers/import';

/**
 * Every handler of the mock backend. Order matters within a resource: fixed paths such as
 * /api/ruminations/my come before /api/ruminations/:id.
 */
export const handlers = [
  ...authHandlers,
  ...termsHandlers,
  ...peopleHandlers,
  // Fixed paths /api/ruminations/on-this-day and /calendar before /api/ruminations/:id.
  ...memoryHandlers,
  ...ruminationHandlers,
  ...reactionHandlers,
  ...commentHandlers,
  ...relationHandlers,
  ...accountHandlers,
  ...accountExportHandlers,
  ...importHandlers,
  ...notificationHandlers,
  ...pushHandlers,
  ...mediaHandlers,
];
