import { isCommonPassword, PASSWORD_TOO_COMMON } from '../../../src/api/common-passwords';
import { ApiProblem } from '../../../src/api/problem';

/**
 * The one password rule zod does not check (its list stays out of the browser): a new password
 * is not among the most common ones. 400 on the form's field, like any validation error.
 */
export function requireUncommonPassword(password: string, field: string): void {
  if (isCommonPassword(password)) {
    throw new ApiProblem(400, PASSWORD_TOO_COMMON, undefined, { [field]: [PASSWORD_TOO_COMMON] });
  }
}
