import { allow, refuse, type Decision, type Refusal } from './decision';
import type { RelationType } from './relation-types';
import { decideVersion, type ExpectedVersion } from '../api/preconditions';

/**
 * The rules of ruminations (api-contract.md "Ruminations"): who may read and change one, what a
 * write stores, and the problems answered when they may not. The server and the mock backend load
 * the facts (the rumination as the caller may see it) and ask here.
 */

export const RUMINATION_PROBLEMS = {
  /** Missing and hidden alike: a rumination the caller may not read does not exist for them. */
  notFound: { status: 404, title: 'Rumination not found' },
  notAuthor: { status: 403, title: 'Only the author may change this rumination' },
  revisionNotFound: { status: 404, title: 'Revision not found' },
  notInTrash: {
    status: 409,
    title: 'Only a rumination in the trash can be deleted for good',
    detail: 'Delete it first: it then waits in the trash.',
  },
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

/**
 * Who the writer chose to read a stored note, when it opens again to be edited: its audiences, [] is
 * Public. A draft stored with no audience is the exception: "no audience" is Public only once
 * published, and a draft saved before anybody was ticked is stored that way too, so which it was
 * cannot be told. The safe side is that nobody is chosen yet (null): Publish then asks, never
 * publishing to everyone on a guess (as migration 0021 asks again of a stored default of Public).
 */
export function chosenAudiencesOf(note: {
  isPublished: boolean;
  audiences: readonly RelationType[];
}): RelationType[] | null {
  if (!note.isPublished && note.audiences.length === 0) return null;
  return [...note.audiences];
}

/** A rumination as the caller may see it, as far as changing it needs (never one in the trash). */
export interface ChangeableRumination {
  authorId: number;
  version: number;
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

/** Author only, on the version the change was based on (412 when it changed since). */
function authorOnCurrentVersion<R extends ChangeableRumination>(
  rumination: R | undefined,
  userId: number,
  expected: ExpectedVersion,
): Decision<R> {
  const decided = authorOnly(rumination, userId);
  if (!decided.ok) return decided;
  const current = decideVersion(decided.value.version, expected);
  return current.ok ? decided : current;
}

/**
 * A change to store: the rumination changed, the fields to make current and the version they get.
 * The state it replaces is kept as a revision (api-contract.md "History"), on every change.
 */
export interface RuminationEdit<R, T extends RuminationWriteFields> {
  rumination: R;
  fields: StoredRuminationFields<T>;
  version: number;
}

/** Editing: the author's alone, on the current version when `If-Match` names one. */
export function decideRuminationEdit<
  R extends ChangeableRumination,
  T extends RuminationWriteFields,
>(
  rumination: R | undefined,
  userId: number,
  input: T,
  expected: ExpectedVersion = undefined,
): Decision<RuminationEdit<R, T>> {
  const decided = authorOnCurrentVersion(rumination, userId, expected);
  return decided.ok
    ? allow({
        rumination: decided.value,
        fields: ruminationFieldsOf(input),
        version: decided.value.version + 1,
      })
    : decided;
}

/**
 * Deleting: the author's alone, on the current version when `If-Match` names one; answers the
 * rumination to move to the trash (comments and revisions stay with it, out of everyone's sight).
 */
export function decideRuminationDelete<R extends ChangeableRumination>(
  rumination: R | undefined,
  userId: number,
  expected: ExpectedVersion = undefined,
): Decision<R> {
  return authorOnCurrentVersion(rumination, userId, expected);
}

/** A stored revision, as far as restoring it needs. */
export interface StoredRevision {
  ruminationId: number;
  content: string;
  isPublished: boolean;
  audiences: RelationType[];
}

/** Reading a rumination's revisions: its author's alone; anyone else finds nothing (404). */
export function decideRevisionsRead<R extends ChangeableRumination>(
  rumination: R | undefined,
  userId: number,
): Decision<R> {
  if (rumination === undefined || rumination.authorId !== userId) {
    return refuse(RUMINATION_PROBLEMS.notFound);
  }
  return allow(rumination);
}

/**
 * Restoring a revision: the author's alone (404 to anyone else), a revision of this rumination,
 * on the current version when `If-Match` names one. Its state becomes current as a new version.
 */
export function decideRevisionRestore<R extends ChangeableRumination & { id: number }>(
  rumination: R | undefined,
  revision: StoredRevision | undefined,
  userId: number,
  expected: ExpectedVersion = undefined,
): Decision<RuminationEdit<R, { content: string; publish: boolean; audiences: RelationType[] }>> {
  const readable = decideRevisionsRead(rumination, userId);
  if (!readable.ok) return readable;
  if (revision === undefined || revision.ruminationId !== readable.value.id) {
    return refuse(RUMINATION_PROBLEMS.revisionNotFound);
  }
  return decideRuminationEdit(
    rumination,
    userId,
    {
      content: revision.content,
      publish: revision.isPublished,
      audiences: revision.audiences,
    },
    expected,
  );
}

/** A rumination in its author's trash, as the trash rules need it. */
export interface TrashedFacts {
  authorId: number;
  deletedTMS: string;
}

/** When a rumination deleted at `deletedTMS` is erased for good. */
export function trashErasureTime(deletedTMS: string, retentionSeconds: number): Date {
  return new Date(Date.parse(deletedTMS) + retentionSeconds * 1000);
}

/** Whether a trashed rumination is past its retention: then it is gone, to its author too. */
export function isPastRetention(deletedTMS: string, now: Date, retentionSeconds: number): boolean {
  return trashErasureTime(deletedTMS, retentionSeconds).getTime() <= now.getTime();
}

/**
 * The oldest `deletedTMS` still kept at `now`: everything deleted at or before it is erased (the
 * sweep of server and mock, and the filter of every trash read before the sweep has run).
 */
export function trashCutoff(now: Date, retentionSeconds: number): string {
  return new Date(now.getTime() - retentionSeconds * 1000).toISOString();
}

/** Restoring from the trash: only the author's own trashed rumination, within its retention. */
export function decideTrashRestore<T extends TrashedFacts>(
  trashed: T | undefined,
  userId: number,
  now: Date,
  retentionSeconds: number,
): Decision<T> {
  if (
    trashed === undefined ||
    trashed.authorId !== userId ||
    isPastRetention(trashed.deletedTMS, now, retentionSeconds)
  ) {
    return refuse(RUMINATION_PROBLEMS.notFound);
  }
  return allow(trashed);
}

/**
 * Deleting for good: only a rumination in the caller's trash. One they may change but that is not
 * in the trash is 409; one they cannot see is 404, one of someone else's they can see 403.
 */
export function decidePermanentDelete<T extends TrashedFacts, R extends ChangeableRumination>(
  facts: { trashed: T | undefined; live: R | undefined },
  userId: number,
  now: Date,
  retentionSeconds: number,
): Decision<T> {
  const inTrash = decideTrashRestore(facts.trashed, userId, now, retentionSeconds);
  if (inTrash.ok) return inTrash;
  const live = authorOnly(facts.live, userId);
  return live.ok ? refuse(RUMINATION_PROBLEMS.notInTrash) : live;
}
