/** The id in an address: one rule for the pages that take one and the server that serves them. */
export { parseId } from '../api/app-pages';
