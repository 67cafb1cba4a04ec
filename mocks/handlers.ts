import { accountHandlers } from './handlers/account';
import { authHandlers } from './handlers/auth';
import { commentHandlers } from './handlers/comments';
import { exportHandlers } from './handlers/export';
import { notificationHandlers } from './handlers/notifications';
import { relationHandlers } from './handlers/relations';
import { ruminationHandlers } from './handlers/ruminations';
import { termsHandlers } from './handlers/terms';
import { userHandlers } from './handlers/users';

/**
 * Every handler of the mock backend. Order matters within a resource: fixed paths such as
 * /api/ruminations/my come before /api/ruminations/:id.
 */
export const handlers = [
  ...authHandlers,
  ...termsHandlers,
  ...userHandlers,
  ...ruminationHandlers,
  ...commentHandlers,
  ...relationHandlers,
  ...accountHandlers,
  ...exportHandlers,
  ...notificationHandlers,
];
