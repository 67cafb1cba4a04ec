/** One generated request of `npm run fuzz`: any route, any caller, a body broken in any way. */
import { hostilePhotoUrl, hostileUpload } from './hostile-media';
import { AUDIENCES, mutate, oddQuery, STRINGS, unicodeText, WRITTEN_TIMES } from './hostile-values';
import { chance, pick } from './fuzz-random';
import { someId, type Generated, type World } from './fuzz-world';

/**
 * Note search over all of Unicode: `q` made of such text (sometimes with bytes that are not
 * UTF-8), and notes holding it, so that both indexes take it too.
 */
function unicodeSearch(headers: Record<string, string>): Generated {
  const text = unicodeText();
  if (chance(0.5)) {
    const broken = chance(0.1) ? pick(['%C3%28', '%FF', '%E2%82', '%ED%A0%80']) : '';
    return {
      method: 'GET',
      path: `/api/ruminations/my?q=${encodeURIComponent(text)}${broken}${chance(0.3) ? '&isPublic=false' : ''}`,
      headers,
    };
  }
  return {
    method: 'POST',
    path: '/api/ruminations',
    body: { content: text, audiences: [], publish: chance(0.5) },
    headers,
  };
}

export function generate(world: World): Generated {
  const token = chance(0.1)
    ? pick([
        '',
        'garbage',
        `${world.me.token}x`,
        'Bearer',
        world.me.token.split('.').slice(0, 2).join('.'),
      ])
    : chance(0.5)
      ? world.me.token
      : world.other.token;
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const r = (method: string, path: string, body?: Record<string, unknown>): Generated => ({
    method,
    path,
    ...(body ? { body: mutate(body) } : {}),
    headers,
  });
  /** A change with an If-Match of any sort: a version, *, or something that is none (400). */
  const ifMatched = (generated: Generated): Generated => ({
    ...generated,
    headers: {
      ...generated.headers,
      'if-match': pick(['"1"', '"2"', '"99"', '*', '1', '"0"', 'W/"1"', '"1", "2"', '', '"x"']),
    },
  });
  const routes: (() => Generated)[] = [
    () =>
      r('POST', '/api/auth/signup', {
        username: pick(STRINGS),
        email: `${pick(STRINGS)}@x.test`,
        password: pick(STRINGS),
        acceptedTosVersion: '1.0',
        ...(chance(0.5) ? { displayName: pick(STRINGS) } : {}),
      }),
    () =>
      r(
        'GET',
        `/api/auth/activate${pick(['', '?token=', '?token=abc', `?token=${'a'.repeat(600)}`])}`,
      ),
    () =>
      r('POST', '/api/auth/login', {
        username: pick([world.me.username, ...STRINGS]),
        password: pick(STRINGS),
      }),
    () => r('GET', '/api/auth/me'),
    () =>
      r('POST', '/api/auth/forgot-password', {
        email: pick([`${world.me.username}@example.test`, ...STRINGS]),
      }),
    () =>
      r('POST', '/api/auth/reset-password', {
        token: pick(STRINGS),
        newPassword: pick(STRINGS),
        confirmPassword: pick(STRINGS),
      }),
    () => r('GET', `/api/ruminations/my${oddQuery(['isPublic', 'Limit', 'BeforeId', 'q'])}`),
    () => unicodeSearch(headers),
    () => unicodeSearch(headers),
    () => r('GET', `/api/ruminations/feed${oddQuery(['isPublic', 'UserId', 'Limit', 'BeforeId'])}`),
    () =>
      r('GET', `/api/ruminations/public${oddQuery(['isPublic', 'UserId', 'Limit', 'BeforeId'])}`),
    () => r('GET', `/api/ruminations/${someId(world, 'rumination')}`),
    () =>
      r('POST', '/api/ruminations', {
        content: pick(STRINGS),
        audiences: [pick(AUDIENCES)],
        publish: chance(0.5),
        ...(chance(0.3) ? { writtenTMS: pick(WRITTEN_TIMES) } : {}),
      }),
    () =>
      r('PUT', `/api/ruminations/${someId(world, 'rumination')}`, {
        content: pick(STRINGS),
        audiences: [pick(AUDIENCES)],
        publish: chance(0.5),
      }),
    () => r('DELETE', `/api/ruminations/${someId(world, 'rumination')}`),
    () =>
      ifMatched(
        r('PUT', `/api/ruminations/${someId(world, 'rumination')}`, {
          content: pick(STRINGS),
          publish: chance(0.5),
        }),
      ),
    () => ifMatched(r('DELETE', `/api/ruminations/${someId(world, 'rumination')}`)),
    () => r('GET', `/api/ruminations/trash${oddQuery(['Limit', 'BeforeId'])}`),
    () => r('POST', `/api/ruminations/${someId(world, 'rumination')}/restore`),
    () => r('DELETE', `/api/ruminations/${someId(world, 'rumination')}/permanent`),
    () => r('DELETE', '/api/ruminations/trash'),
    () =>
      r(
        'GET',
        `/api/ruminations/${someId(world, 'rumination')}/revisions${oddQuery(['Limit', 'BeforeId'])}`,
      ),
    () =>
      ifMatched(
        r(
          'POST',
          `/api/ruminations/${someId(world, 'rumination')}/revisions/${pick(['1', '2', '0', 'x', '99999999999'])}/restore`,
        ),
      ),
    () => {
      const id = someId(world, 'comment');
      return ifMatched(r('PUT', `/api/comments/${id}`, { id: Number(id), content: pick(STRINGS) }));
    },
    () => r('GET', `/api/comments/rumination/${someId(world, 'rumination')}`),
    () => r('GET', `/api/comments/comment/${someId(world, 'comment')}/replies`),
    () =>
      r('POST', '/api/comments', {
        content: pick(STRINGS),
        ruminationId: Number(someId(world, 'rumination')),
        parentCommentId: chance(0.5) ? Number(someId(world, 'comment')) : undefined,
        ...(chance(0.3) ? { writtenTMS: pick(WRITTEN_TIMES) } : {}),
      }),
    () => {
      const id = someId(world, 'comment');
      return r('PUT', `/api/comments/${id}`, { id: Number(id), content: pick(STRINGS) });
    },
    () => r('DELETE', `/api/comments/${someId(world, 'comment')}`),
    () =>
      r(
        'GET',
        `/api/UserRelations${oddQuery(['Id', 'UserId', 'WithMe', 'FromTMS', 'ToTMS', 'IncludeDeleted', 'Sort', 'Limit', 'Offset'])}`,
      ),
    () =>
      r('POST', '/api/UserRelations', {
        userId: Number(someId(world, 'user')),
        relationType: pick(AUDIENCES),
      }),
    () =>
      r(
        'PUT',
        `/api/UserRelations/${someId(world, 'relation')}/${pick(['accept', 'reject', 'other'])}`,
      ),
    () => r('DELETE', `/api/UserRelations/${someId(world, 'relation')}`),
    () => r('GET', '/api/TermsOfService/current'),
    () => r('GET', '/api/TermsOfService/acceptance-status'),
    () => r('POST', '/api/TermsOfService/accept', { version: pick(['1.0', '2.0', ...STRINGS]) }),
    () => r('GET', `/api/users/${someId(world, 'user')}`),
    () => r('GET', `/api/users/search${oddQuery(['q', 'Limit'])}`),
    () => r('GET', `/api/notifications${oddQuery(['Limit', 'BeforeId'])}`),
    () => r('GET', '/api/notifications/unread-count'),
    () =>
      r('PUT', '/api/notifications/read', { upToId: pick([1, 0, -1, 2 ** 31, '7', 'x', null]) }),
    // The stream stays open by design; only the answers that end at once are fuzzed.
    () => ({
      method: 'GET',
      path: '/api/notifications/stream',
      headers: { authorization: 'Bearer x' },
    }),
    () => r('GET', '/api/account'),
    // The world's passwords are not among STRINGS: these are refused, and the world stays.
    () =>
      r('PUT', '/api/account/password', {
        currentPassword: pick(STRINGS),
        newPassword: pick(STRINGS),
        confirmPassword: pick(STRINGS),
      }),
    () => r('DELETE', '/api/account', { password: pick(STRINGS) }),
    () => r('PUT', '/api/account/profile', { displayName: pick(STRINGS), bio: pick(STRINGS) }),
    () => r('GET', '/api/account/preferences'),
    () =>
      r('PUT', '/api/account/preferences', {
        defaultAudiences: [pick(AUDIENCES)],
        emailDigest: pick(['off', 'daily', 'weekly', 'hourly', '', 1]),
        push: { [pick(['RelationRequested', 'ReplyToMyComment', 'Nope'])]: pick([true, 'yes']) },
      }),
    () => r('GET', `/api/account/export${oddQuery(['format'])}`),
    () => hostileUpload(headers),
    () => hostilePhotoUrl(world, headers),
    () =>
      r('POST', '/api/ruminations', {
        content: pick(STRINGS),
        publish: chance(0.5),
        media: pick([
          [{ id: pick([1, 2, '3', 0, -1, 2 ** 31]), alt: pick(STRINGS) }],
          Array.from({ length: 7 }, (_, i) => ({ id: i + 1, alt: '' })),
          [{ id: 1 }, { id: 1 }],
          'media',
          [null],
          { id: 1 },
        ]),
      }),
    () => r('GET', '/api/push/public-key'),
    // Never a valid key pair: nothing is kept, so the server never sends to a real push service.
    () =>
      r('POST', '/api/push/subscriptions', {
        endpoint: pick([
          'https://fcm.googleapis.com/fcm/send/x',
          'http://169.254.169.254/latest/meta-data',
          'https://user:pw@fcm.googleapis.com/x',
          'https://fcm.googleapis.com:8443/x',
          'file:///etc/passwd',
          ...STRINGS,
        ]),
        keys: pick([
          { p256dh: pick(STRINGS), auth: pick(STRINGS) },
          { p256dh: `BA${'A'.repeat(85)}`, auth: 'AAAAAAAAAAAAAAAAAAAAAA' },
          { p256dh: 1, auth: null },
          'keys',
        ]),
      }),
    () => r('GET', '/api/push/subscriptions'),
    () =>
      r('DELETE', `/api/push/subscriptions/${pick(['1', '0', '-1', 'x', '99999999999', '1e3'])}`),
    () => r('GET', '/api/health'),
    () =>
      r(
        pick(['PATCH', 'PUT', 'DELETE', 'OPTIONS']),
        pick(['/api/ruminations/my', '/api/auth/login', '/api/nothing', '/api']),
      ),
    () =>
      r(
        'GET',
        pick([
          '/api/../../etc/passwd',
          '/api/%zz',
          '/api/ruminations/%00',
          `/api/${'a'.repeat(3000)}`,
        ]),
      ),
  ];
  const request = pick(routes)();
  // Some bodies are not JSON at all, or not UTF-8, or say they are something else.
  if (request.body !== undefined && chance(0.12)) {
    const raw = pick([
      Buffer.from('{"content": "unterminated'),
      Buffer.from('{"content":"a'),
      Buffer.concat([
        Buffer.from('{"content":"a'),
        Buffer.from([0xed, 0xa0, 0x80, 0xff]),
        Buffer.from('","publish":true}'),
      ]),
      Buffer.from('[1,2,3]'),
      Buffer.from('null'),
      Buffer.from(`{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`),
      Buffer.alloc(70 * 1024, 'a'),
    ]);
    return {
      ...request,
      body: undefined,
      raw,
      headers: {
        ...request.headers,
        'content-type': pick([
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
        ]),
      },
    };
  }
  return request;
}
