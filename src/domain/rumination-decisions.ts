import { allow, refuse, type Decision, type Refusal } from './decision';
import type { RelationType } from './relation-types';

/**
 * The rules of ruminations (api-contract.md "Ruminations"): who may read and change one, what a
 * write stores, and the problems answered when they may not. The server and the mock backend load
 * the facts (the rumination as the caller may see it) and ask here.
 */

export const RUMINATION_PROBLEMS = {
  /** Missing and hidden alike: a rumination the caller may not read does not exist for them. */
  notFound: { status: 404, title: 'Rumination not found' },
  notAuthor: { status: 403, title: 'Only the author may change this rumination' },
} as const satisfies Record<string, Refusal>;

/** What a write request says of publishing and audiences (its other fields are stored as sent). */
export interface RuminationWriteFields {
  publish: boolean;
  audiences?: readonly RelationType[] | null | undefined;
}

/** A write's fields as stored: `publish` kept as `isPublished`, no audiences (public) as []. */
export type StoredRuminationFields<T extends RuminationWriteFields> = Omit<
  T,
  'publish' | 'audiences'
> & { isPublished: boolean; audiences: RelationType[] };

/**
 * What a create or an edit stores of its input: the same for both (the contract sends one body).
 * Fields the rules do not know pass through, so a field added to the contract is stored as sent.
 */
export function ruminationFieldsOf<T extends RuminationWriteFields>({
  publish,
  audiences,
  ...fields
}: T): StoredRuminationFields<T> {
  return { ...fields, isPublished: publish, audiences: [...(audiences ?? [])] };
}

/** A rumination as the caller may see it, as far as changing it needs (undefined: hidden). */
export interface ChangeableRumination {
  authorId: number;
}

/** Author only: 404 when the caller cannot see it (never reveal it), 403 when they can. */
function authorOnly<R extends ChangeableRumination>(
  rumination: R | undefined,
  userId: number,
): Decision<R> {
  if (rumination === undefined) return refuse(RUMINATION_PROBLEMS.notFound);
  if (rumination.authorId !== userId) return refuse(RUMINATION_PROBLEMS.notAuthor);
  return allow(rumination);
}

/** An edit to store: the rumination changed, and the fields its input stores. */
export interface RuminationEdit<R, T extends RuminationWriteFields> {
  rumination: R;
  fields: StoredRuminationFields<T>;
}

/** Editing: the author's alone. */
export function decideRuminationEdit<
  R extends ChangeableRumination,
  T extends RuminationWriteFields,
>(rumination: R | undefined, userId: number, input: T): Decision<RuminationEdit<R, T>> {
  const decided = authorOnly(rumination, userId);
  return decided.ok
    ? allow({ rumination: decided.value, fields: ruminationFieldsOf(input) })
    : decided;
}

/** Deleting: the author's alone; answers the rumination to delete (its comments go with it). */
export function decideRuminationDelete<R extends ChangeableRumination>(
  rumination: R | undefined,
  userId: number,
): Decision<R> {
  return authorOnly(rumination, userId);
}
