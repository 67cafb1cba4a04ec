import { authHandlers } from './handlers/auth';
import { termsHandlers } from './handlers/terms';
import { userHandlers } from './handlers/users';

/** Every handler of the mock backend, in matching order (specific paths before `:id` ones). */
export const handlers = [...authHandlers, ...termsHandlers, ...userHandlers];
