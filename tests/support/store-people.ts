import type { RelationType } from '../../src/domain/relation-types';
import {
  createComment,
  createRelation,
  createUser,
  type CreateCommentOptions,
  type CreateRelationOptions,
} from '../../mocks/store/factories';

/** A person in the mock backend's store, as createUser returns them: the stored user and a token. */
export type StorePerson = ReturnType<typeof createUser>;

/** The three people of most arrangements, by name. */
export function people(): { alice: StorePerson; bob: StorePerson; carol: StorePerson } {
  return {
    alice: createUser({ username: 'alice' }),
    bob: createUser({ username: 'bob' }),
    carol: createUser({ username: 'carol' }),
  };
}

/**
 * A relation of `type` that `initiator` asked `receiver` for, written straight to the store:
 * accepted unless `state` says otherwise.
 */
export function relate(
  initiator: StorePerson,
  receiver: StorePerson,
  type: RelationType,
  state?: CreateRelationOptions['state'],
) {
  return createRelation({
    initiatorId: initiator.user.id,
    receiverId: receiver.user.id,
    type,
    state,
  });
}

/** A comment by `author` on a rumination (a reply with `parentCommentId`), straight in the store. */
export function commentBy(
  author: StorePerson,
  ruminationId: number,
  options: Omit<CreateCommentOptions, 'authorId' | 'ruminationId'> = {},
) {
  return createComment({ authorId: author.user.id, ruminationId, ...options });
}
