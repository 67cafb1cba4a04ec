import type { FastifySchema } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z, type ZodType } from 'zod';
import { loginResponse, currentUser } from '../../src/api/auth-schemas';
import { comment } from '../../src/api/comment-schemas';
import { userRelation } from '../../src/api/relation-schemas';
import { rumination } from '../../src/api/rumination-schemas';
import { acceptanceStatus, termsOfService } from '../../src/api/terms-schemas';
import { userProfile } from '../../src/api/people-schemas';
import { responseSerializerCompiler } from '../../server/http/response-serializer';

/** What a route with this response schema writes for `data`. */
function serialize(schema: ZodType, data: unknown): string {
  const write = responseSerializerCompiler({
    schema: schema as unknown as FastifySchema,
    method: 'GET',
    url: '/test',
    httpStatus: '200',
  } as never) as (data: unknown) => string;
  return write(data);
}

const at = '2026-11-22T10:00:00.000Z';
const user = { id: 7, username: 'ann', displayName: 'Ann Åberg 🌻' };
const aRumination = {
  id: 3,
  content: 'Line one\n"quoted" \\ back\u2028slash <b>é</b> 😀',
  createdBy: user,
  createTMS: at,
  updateTMS: at,
  isPublished: true,
  audiences: [{ relationType: 0 }, { relationType: 5 }],
  commentCount: 3,
  version: 2,
  reactions: [{ kind: 'love', count: 2, mine: true }],
  tags: ['garden', 'niños_2024'],
  media: [
    {
      id: 4,
      width: 2048,
      height: 1536,
      alt: 'A "red" \\ door\n',
      url: '/api/media/4/photo?viewer=7&expires=1790000000&sig=abc_-1',
      thumbnailUrl: '/api/media/4/thumbnail?viewer=7&expires=1790000000&sig=abc_-1',
    },
  ],
};
const reply = {
  id: 11,
  content: 'a reply',
  createdBy: { id: 8, username: 'bo', displayName: 'مريم' },
  createTMS: at,
  updateTMS: at,
  isDeleted: false,
  version: 1,
  ruminationId: 3,
  parentCommentId: 10,
  childComments: [],
};
const aComment = { ...reply, id: 10, parentCommentId: null, childComments: [reply] };

const samples: [string, ZodType, unknown][] = [
  ['rumination list', z.array(rumination), [aRumination, { ...aRumination, audiences: [] }]],
  ['comment thread (recursive, nullable parent)', z.array(comment), [aComment]],
  [
    'relation',
    userRelation,
    {
      id: 1,
      type: 3,
      initiator: user,
      receiver: { id: 8, username: 'bo', displayName: 'مريم' },
      isAccepted: true,
      isRejected: false,
      isDeleted: false,
      createTMS: at,
    },
  ],
  [
    'profile',
    userProfile,
    { ...user, bio: 'Line one\nline two', createTMS: at, publicRuminationCount: 0 },
  ],
  ['terms', termsOfService, { version: '1.0', content: '# Terms', createdAt: at }],
  [
    'acceptance status',
    acceptanceStatus,
    { requiresAcceptance: true, hasAcceptedLatest: false, currentVersion: null },
  ],
  ['current user', currentUser, user],
  [
    'login',
    loginResponse,
    { accessToken: 'x.y.z', requiresTosAcceptance: false, latestTosVersion: '1.0' },
  ],
];

describe('response serializer', () => {
  it.each(samples)('%s: the same JSON as the contract schema gives', (_name, schema, data) => {
    const expected = schema.parse(data);
    expect(JSON.parse(serialize(schema, data))).toEqual(expected);
  });

  it('sends only what the contract declares', () => {
    const leaky = { ...aRumination, passwordHash: 'secret', createdBy: { ...user, email: 'a@b' } };
    const json = serialize(z.array(rumination), [leaky]);
    expect(json).not.toContain('secret');
    expect(json).not.toContain('a@b');
    expect(JSON.parse(json)).toEqual([aRumination]);
  });

  it('refuses an answer that lacks a required field', () => {
    const { content: _content, ...partial } = aRumination;
    expect(() => serialize(z.array(rumination), [partial])).toThrow();
  });
});
