import type { Refusal } from './decision';

/**
 * The rules of ruminations (api-contract.md "Ruminations"): who may read and change one, and the
 * problems answered when they may not. The server and the mock backend load the facts (the
 * rumination as the caller may see it) and ask here.
 */

export const RUMINATION_PROBLEMS = {
  /** Missing and hidden alike: a rumination the caller may not read does not exist for them. */
  notFound: { status: 404, title: 'Rumination not found' },
} as const satisfies Record<string, Refusal>;
