import { describe, expect, it } from 'vitest';
import { createRumination, createUser } from '../../mocks/store/factories';
import { resetMockBackend } from '../../mocks/store/db';
import { relationTypeOfAudience } from '../../src/domain/relation-types';
import {
  describeCase,
  visibilityCases as all,
  type VisibilityCase,
} from '../support/visibility-cases';
import { api, setupMockBackend, type Json } from './mock-backend';
import { commentBy, relate } from '../support/store-people';

/**
 * The 660 cases of api-contract.md's visibility rule (copied from the shared design folder),
 * driven through every read path of the mock backend over HTTP.
 */

setupMockBackend();

/** Builds the case in a fresh store; returns the ids and the viewer's token (null: anonymous). */
function arrange(c: VisibilityCase) {
  resetMockBackend();
  const author = createUser({ username: 'author' });
  const viewer = c.viewer === 'author' ? author : createUser({ username: 'viewer' });
  for (const r of c.relations) {
    const [initiator, receiver] = r.initiator === 'author' ? [author, viewer] : [viewer, author];
    relate(initiator, receiver, relationTypeOfAudience(r.type), r.state);
  }
  const rumination = createRumination({
    authorId: author.user.id,
    isPublished: c.published,
    audiences: c.audiences.map(relationTypeOfAudience),
  });
  if (c.published) {
    const top = commentBy(author, rumination.id);
    commentBy(author, rumination.id, { parentCommentId: top.id });
  }
  return {
    authorId: author.user.id,
    ruminationId: rumination.id,
    token: c.viewer === 'anonymous' ? null : viewer.token,
    hasAcceptedRelation: c.relations.some((r) => r.state === 'accepted'),
  };
}

const ids = (list: Json[]) => list.map((r: Json) => r.id as number);

describe('visibility of one rumination, all 660 cases', () => {
  it('the case file holds 660 cases', () => {
    expect(all).toHaveLength(660);
  });

  it.each(all.map((c) => [describeCase(c), c] as const))(
    'GET /api/ruminations/{id} and its comments: %s',
    async (_name, c) => {
      const { ruminationId, token } = arrange(c);
      const byId = await api('GET', `/api/ruminations/${ruminationId}`, { token });
      expect(byId.status).toBe(c.visible ? 200 : 404);
      if (c.visible) expect(byId.json.id).toBe(ruminationId);
      else expect(byId.json.title).toBe('Rumination not found');

      const comments = await api('GET', `/api/comments/rumination/${ruminationId}`, { token });
      expect(comments.status).toBe(c.visible ? 200 : 404);
    },
  );
});

describe('visibility on every list, all 660 cases', () => {
  it.each(all.map((c) => [describeCase(c), c] as const))('%s', async (_name, c) => {
    const { authorId, ruminationId, token, hasAcceptedRelation } = arrange(c);
    const isPublic = c.published && c.audiences.length === 0;
    const listed = async (path: string) => {
      const r = await api('GET', path, { token });
      expect(r.status).toBe(200);
      return ids(r.json).includes(ruminationId);
    };

    // The public page: public ones only, whoever asks.
    expect(await listed('/api/ruminations/public')).toBe(isPublic);
    // A profile's "Public" tab, and its "All Visible" tab (published ones the caller may read).
    expect(await listed(`/api/ruminations/public?UserId=${authorId}&isPublic=true`)).toBe(isPublic);
    expect(await listed(`/api/ruminations/public?UserId=${authorId}&isPublic=false`)).toBe(
      c.published && c.visible,
    );

    if (c.viewer === 'author') {
      expect(await listed('/api/ruminations/my')).toBe(true);
      expect(await listed(`/api/ruminations/my?isPublic=${c.published}`)).toBe(true);
      expect(await listed(`/api/ruminations/my?isPublic=${!c.published}`)).toBe(false);
      expect(await listed('/api/ruminations/feed')).toBe(false);
    } else if (token !== null) {
      // Somebody else's ruminations are never in "my" list.
      expect(await listed('/api/ruminations/my')).toBe(false);
      // The feed: published ones of people the viewer has an accepted relation with.
      const inFeed = c.published && c.visible && hasAcceptedRelation;
      expect(await listed('/api/ruminations/feed')).toBe(inFeed);
      expect(await listed(`/api/ruminations/feed?UserId=${authorId}`)).toBe(inFeed);
      expect(await listed('/api/ruminations/feed?isPublic=true')).toBe(
        isPublic && hasAcceptedRelation,
      );
    } else {
      expect((await api('GET', '/api/ruminations/my')).status).toBe(401);
      expect((await api('GET', '/api/ruminations/feed')).status).toBe(401);
    }
  });
});
