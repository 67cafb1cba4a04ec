import { describe, expect, it } from 'vitest';
import { relationTypeOfAudience } from '../../src/domain/relation-types';
import {
  describeCase,
  visibilityCases as all,
  type VisibilityCase,
} from '../support/visibility-cases';
import { setUpTestApp } from './support/test-app';
import {
  call,
  idsOf,
  insertComment,
  person,
  relation,
  writeRumination,
  type Person,
} from './ruminations-support';

/**
 * The 660 cases of api-contract.md's visibility rule (tests/support/visibility-cases.ts), through every read path of the server and the comment path that
 * must not reveal a hidden rumination. Each case gets its own author and viewer in one database, so
 * the lists are narrowed to the case's author (UserId) or checked for the case's rumination.
 */

const t = setUpTestApp();

async function arrange(c: VisibilityCase) {
  const author = await person(t);
  const viewer: Person | null =
    c.viewer === 'author' ? author : c.viewer === 'anonymous' ? null : await person(t);
  // The same note written before the relations, so that the feed written ahead is checked when a
  // relation changes as well as when a note is written (feed-timeline.ts).
  const earlier =
    viewer === null || viewer === author
      ? null
      : await writeRumination(t, author, { audiences: c.audiences, publish: c.published });
  for (const r of c.relations) {
    if (viewer === null) throw new Error('relations need a viewer');
    const [initiator, receiver] = r.initiator === 'author' ? [author, viewer] : [viewer, author];
    await relation(t.db, initiator, receiver, relationTypeOfAudience(r.type), r.state);
  }
  const rumination = await writeRumination(t, author, {
    audiences: c.audiences,
    publish: c.published,
  });
  // Written directly: a draft may hold comments from before it was unpublished.
  const topComment = await insertComment(t.db, author, rumination.id);
  await insertComment(t.db, author, rumination.id, topComment);
  return { author, viewer, ruminationId: rumination.id, earlierId: earlier?.id, topComment };
}

describe('visibility, all 660 cases of the design', () => {
  it('the case file holds 660 cases', () => {
    expect(all).toHaveLength(660);
  });

  it.each(all.map((c) => [describeCase(c), c] as const))('%s', async (_name, c) => {
    const { author, viewer, ruminationId, earlierId, topComment } = await arrange(c);
    const as = viewer;
    const status = async (method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
      (await call(t, method, url, { as, body })).statusCode;
    const listed = async (url: string, id = ruminationId) => {
      const res = await call(t, 'GET', url, { as });
      expect(res.statusCode, url).toBe(200);
      return idsOf(res).includes(id);
    };
    const isPublic = c.published && c.audiences.length === 0;
    const hasAcceptedRelation = c.relations.some((r) => r.state === 'accepted');

    // By id, and every path that hangs off the rumination.
    expect(await status('GET', `/api/ruminations/${ruminationId}`)).toBe(c.visible ? 200 : 404);
    expect(await status('GET', `/api/comments/rumination/${ruminationId}`)).toBe(
      c.visible ? 200 : 404,
    );
    expect(await status('GET', `/api/comments/comment/${topComment}/replies`)).toBe(
      c.visible ? 200 : 404,
    );

    // The lists.
    expect(await listed('/api/ruminations/public?Limit=3')).toBe(isPublic);
    expect(await listed(`/api/ruminations/public?UserId=${author.id}&isPublic=true`)).toBe(
      isPublic,
    );
    expect(await listed(`/api/ruminations/public?UserId=${author.id}&isPublic=false`)).toBe(
      c.published && c.visible,
    );
    if (c.viewer === 'author') {
      expect(await listed('/api/ruminations/my')).toBe(true);
      expect(await listed(`/api/ruminations/my?isPublic=${c.published}`)).toBe(true);
      expect(await listed(`/api/ruminations/my?isPublic=${!c.published}`)).toBe(false);
      expect(await listed('/api/ruminations/feed')).toBe(false);
    } else if (as !== null) {
      const inFeed = c.published && c.visible && hasAcceptedRelation;
      expect(await listed('/api/ruminations/feed')).toBe(inFeed);
      expect(await listed('/api/ruminations/feed', earlierId)).toBe(inFeed);
      expect(await listed('/api/ruminations/feed?isPublic=true')).toBe(
        isPublic && hasAcceptedRelation,
      );
    }

    // Commenting: a hidden rumination stays hidden (404); drafts take no comments (409). Replies
    // and edits by each relation state are in authorization.test.ts.
    if (as !== null) {
      expect(await status('POST', '/api/comments', { content: 'hello', ruminationId })).toBe(
        !c.visible ? 404 : c.published ? 201 : 409,
      );
    }
  });
});
