import path from 'node:path';

/** The repository's root: where the server, `npm start` and Vite run from, whoever starts them. */
export const REPO_ROOT = path.resolve(import.meta.dirname, '..', '..');
