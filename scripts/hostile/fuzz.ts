/**
 * `npm run fuzz`: hostile input against the real server (`npm start`'s entry, 127.0.0.1 only).
 * About 10,000 generated requests over every route (wrong types, huge and broken strings, lone
 * surrogates, NUL, bad UTF-8 bytes, malformed JSON, odd query strings, bad tokens, other people's
 * ids, unknown paths and methods), seeded so that a run can be replayed. Prints counts by status
 * and by route; fails on any 5xx, any stack trace or SQL in a body, a request that hangs, or server
 * RSS growing more than 50 MB.
 *
 * Then the race of deletion with writes (api-contract.md "My account"), `--races` times: a fresh
 * account is deleted while ten requests of its own keep writing notes, comments and relations.
 * Fails unless the deletion answers 204, every write is acknowledged or refused as a dead token
 * (409 for a relation already asked), none is acknowledged after the deletion answered, and
 * nothing of it is left for the people it wrote to.
 *
 *   npm run fuzz -- [--requests 10000] [--seed 1] [--concurrency 8] [--races 5]
 *     [--database-url postgres://...]
 */
import { parseArgs } from 'node:util';
import { prng } from '../bench/data-set';
import { createAccount, type Account } from '../support/accounts';
import { startServer } from '../support/server-process';

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '8' },
    races: { type: 'string', default: '5' },
    'database-url': { type: 'string' },
  },
});
const TOTAL = Number(args.requests);
const CONCURRENCY = Number(args.concurrency);
const RACES = Number(args.races);
const RACE_WRITERS = 10;
const RSS_GROWTH_LIMIT_MB = 50;

const random = prng(Number(args.seed));
const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
const chance = (p: number) => random() < p;

const STRINGS = [
  '',
  ' ',
  'a',
  'a\ud800b',
  '\udc00',
  'nul\u0000byte',
  '\u202eevil',
  '😀'.repeat(50),
  'x'.repeat(5001),
  'y'.repeat(70_000),
  "'; drop table users; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '${7*7}',
  '{{7*7}}',
  '\\',
  'Zoë',
  'שלום',
];
/** writtenTMS: believable, too old, ahead, and not a time at all. */
const WRITTEN_TIMES = [
  new Date(Date.now() - 3_600_000).toISOString(),
  new Date(Date.now() - 40 * 86_400_000).toISOString(),
  new Date(Date.now() + 3_600_000).toISOString(),
  '2026-02-30T25:61:00Z',
  'yesterday',
  '',
];
const NUMBERS = [0, -1, 1, 1.5, 2 ** 31, 2 ** 53 + 1, -0, Number.POSITIVE_INFINITY, Number.NaN];
const AUDIENCES = ['Friend', 'Family', 'BestFriend', 'Partner', 'Therapist', 'Enemy', 3, 99, -1];

/** A value of any JSON type, sometimes nested deep. */
function anyValue(depth = 0): unknown {
  const kind = Math.floor(random() * (depth > 3 ? 6 : 9));
  switch (kind) {
    case 0:
      return pick(STRINGS);
    case 1:
      return pick(NUMBERS);
    case 2:
      return chance(0.5);
    case 3:
      return null;
    case 4:
      return undefined;
    case 5:
      return String(Math.floor(random() * 1000));
    case 6:
      return [anyValue(depth + 1), anyValue(depth + 1)];
    case 7:
      return {
        __proto__: { admin: true },
        constructor: { prototype: { x: 1 } },
        v: anyValue(depth + 1),
      };
    default:
      return { a: anyValue(depth + 1), b: [anyValue(depth + 1)] };
  }
}

/** A plausible body with some fields replaced by anything. */
function mutate(body: Record<string, unknown>): unknown {
  if (chance(0.05)) return anyValue();
  const copy: Record<string, unknown> = { ...body };
  for (const key of Object.keys(copy)) if (chance(0.35)) copy[key] = anyValue();
  if (chance(0.2)) delete copy[pick(Object.keys(copy))];
  if (chance(0.1)) copy[pick(['extra', 'isAdmin', 'authorId', 'createdBy'])] = anyValue();
  return copy;
}

interface World {
  me: Account;
  other: Account;
  ids: { rumination: number[]; comment: number[]; relation: number[]; user: number[] };
}

function someId(world: World, kind: keyof World['ids']): string {
  if (chance(0.15))
    return pick(['0', '-1', 'abc', '1.5', '99999999999', '%2e%2e', '1e3', '0x10', '']);
  return String(pick(world.ids[kind]));
}

type Generated = {
  method: string;
  path: string;
  body?: unknown;
  raw?: Buffer;
  headers: Record<string, string>;
};

function oddQuery(names: string[]): string {
  const parts = names
    .filter(() => chance(0.6))
    .map((name) => {
      const shown = chance(0.2) ? name.toUpperCase() : name;
      const value = pick([
        'true',
        'false',
        'maybe',
        '-1',
        '0',
        '1e9',
        '20',
        'abc',
        '',
        '%ff',
        '1&1',
        // Search words that are query syntax to FTS5 or tsquery, and the export formats.
        '"a',
        'NEAR(a b)',
        "a:* & 'b",
        'json',
        'markdown',
      ]);
      return `${shown}=${encodeURIComponent(value)}`;
    });
  if (chance(0.1)) parts.push('Limit=1&Limit=2');
  return parts.length ? `?${parts.join('&')}` : '';
}

/**
 * Characters where JavaScript, SQLite's unicode61 tokenizer and PostgreSQL's parser have told words
 * apart differently (a word that one split and another did not made `q` answer 500), and others
 * that change under folding or join with their neighbours.
 */
const UNICODE_DICTIONARY = [
  ...['\u19B0', '\u19B5', '\u19C0', '\u19C8', '\u19C9', '\u1CF2', '\u1CF3'],
  ...['²', '¼', '\u09F4', '\u{10D40}', '\u{16FF4}', '\u{F0000}', '\uE000'],
  ...['ς', 'ſ', 'µ', 'ẛ', 'İ', 'ß', 'ﬁ', '\u0345', '\u093F', '\u0301', '\u0E31'],
  ...['\u200D', '\u00AD', '\uFEFF', '\u3000', '가', '\u1100\u1161', '😀', '👩\u200D👧'],
];

/** One code point of any kind: from the dictionary, the first planes (most scripts), or anywhere. */
function unicodeCharacter(): string {
  for (;;) {
    if (chance(0.25)) return pick(UNICODE_DICTIONARY);
    const code = Math.floor(random() * (chance(0.7) ? 0x30000 : 0x110000));
    // NUL and lone surrogates are refused before any search (hostile STRINGS cover them).
    if (code !== 0 && (code < 0xd800 || code > 0xdfff)) return String.fromCodePoint(code);
  }
}

/** A few words of Unicode, with Latin letters between (where a split shows), 1 to ~60 characters. */
function unicodeText(): string {
  const word = () =>
    Array.from({ length: 1 + Math.floor(random() * 6) }, () =>
      chance(0.6) ? unicodeCharacter() : pick(['a', 'e', 'x', '7']),
    ).join('');
  return Array.from({ length: 1 + Math.floor(random() * 5) }, word).join(pick([' ', '-', '.', '']));
}

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

/** What a hostile photo upload holds: bytes that start like an image and are not one, or nothing. */
function hostileImageBytes(): Buffer {
  const garbage = Buffer.from(
    Array.from({ length: 1 + Math.floor(random() * 400) }, () => Math.floor(random() * 256)),
  );
  // A PNG header that claims 60,000 × 60,000 pixels (a bomb's shape, without a valid CRC).
  const claimsHuge = Buffer.concat([
    Buffer.from('\x89PNG\r\n\x1a\n\x00\x00\x00\x0dIHDR', 'binary'),
    Buffer.from([0, 0, 0xea, 0x60, 0, 0, 0xea, 0x60, 8, 2, 0, 0, 0]),
    garbage,
  ]);
  return pick([
    garbage,
    Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), garbage]),
    Buffer.concat([Buffer.from('GIF89a'), garbage]),
    Buffer.concat([Buffer.from('RIFF\0\0\0\0WEBPVP8 '), garbage]),
    Buffer.concat([Buffer.from([0, 0, 0, 28]), Buffer.from('ftypavif'), garbage]),
    claimsHuge,
    Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    Buffer.alloc(0),
  ]);
}

/** POST /api/media with a multipart body that is broken in one of many ways, or well formed. */
function hostileUpload(headers: Record<string, string>): Generated {
  const boundary = pick(['fuzzboundary', 'a', '', '"quoted"', 'x'.repeat(80)]);
  const file = hostileImageBytes();
  const part = (name: string) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${pick(['p.jpg', '../../etc/passwd', '', 'ü.png'])}"\r\nContent-Type: ${pick(['image/jpeg', 'text/html', 'application/octet-stream'])}\r\n\r\n`,
      ),
      file,
      Buffer.from('\r\n'),
    ]);
  const raw = pick([
    Buffer.concat([part('file'), Buffer.from(`--${boundary}--\r\n`)]),
    Buffer.concat([part('file'), part('file'), Buffer.from(`--${boundary}--\r\n`)]),
    Buffer.concat([part('photo'), Buffer.from(`--${boundary}--\r\n`)]),
    part('file'),
    file,
  ]);
  return {
    method: 'POST',
    path: '/api/media',
    raw,
    headers: {
      ...headers,
      'content-type': pick([
        `multipart/form-data; boundary=${boundary}`,
        'multipart/form-data',
        'image/jpeg',
        'application/json',
      ]),
    },
  };
}

/** GET of a photo URL: real and impossible ids, variants, and signatures. */
function hostilePhotoUrl(world: World, headers: Record<string, string>): Generated {
  const id = chance(0.5) ? String(1 + Math.floor(random() * 5)) : someId(world, 'rumination');
  const variant = pick(['photo', 'thumbnail', 'original', '..', '%00', '']);
  const query = pick([
    '',
    `?viewer=${world.me.id}&expires=9999999999&sig=AAAAAAAAAAAAAAAAAAAAAA`,
    `?viewer=0&expires=1&sig=x`,
    `?viewer=-1&expires=abc&sig=${'a'.repeat(300)}`,
    '?viewer=1&viewer=2&expires=9999999999&sig=a&sig=b',
  ]);
  return {
    method: pick(['GET', 'GET', 'HEAD']),
    path: `/api/media/${id}/${variant}${query}`,
    headers: { ...headers, accept: pick(['image/webp', '*/*', 'image/avif,image/webp']) },
  };
}

function generate(world: World): Generated {
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

const STACK_TRACE = /\n\s+at [^\n]+:\d+:\d+|node_modules|\/server\/|\.ts:\d+/;
const SQL_TEXT =
  /\b(select|insert|update|delete)\b[^"]{0,80}\b(from|into|set|where)\b|SQLITE_|syntax error at or near|relation "[^"]+" does not exist|violates (foreign key|unique) constraint|better-sqlite3/i;

interface Failure {
  request: Generated;
  status: number | string;
  body: string;
}

async function send(
  baseURL: string,
  g: Generated,
): Promise<{ status: number | 'timeout' | 'error'; body: string }> {
  const headers: Record<string, string> = { ...g.headers };
  let body: BodyInit | undefined;
  if (g.raw) body = new Uint8Array(g.raw);
  else if (g.body !== undefined) {
    body = JSON.stringify(g.body);
    headers['content-type'] = 'application/json';
  }
  try {
    const res = await fetch(`${baseURL}${g.path}`, {
      method: g.method,
      headers,
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: res.status, body: await res.text() };
  } catch (error) {
    return {
      status: error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'error',
      body: String(error),
    };
  }
}

/** What a token that opens nothing is answered (request-auth.ts). */
const DEAD_TOKEN = 'The access token is invalid or has expired';

interface RaceAnswer {
  kind: 'note' | 'comment' | 'relation';
  status: number | string;
  title: string | undefined;
  /** Arrival order, on one clock with the deletion's answer. */
  at: number;
}

interface RaceResult {
  acknowledged: number;
  refused: number;
  problems: string[];
}

/** A list the API answers, or the problem of not getting one. */
async function fetchList<T>(url: string, init: RequestInit, problems: string[]): Promise<T[]> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(10_000) });
  const body = (await res.json()) as unknown;
  if (res.status === 200 && Array.isArray(body)) return body as T[];
  problems.push(`GET ${new URL(url).pathname} answered ${res.status}`);
  return [];
}

/**
 * One account deleted while RACE_WRITERS requests of its own keep writing: notes (public, so that
 * anyone could see one left behind), comments on `other`'s note and relation requests to `other`
 * and `me`; half of the notes and comments with an Idempotency-Key.
 */
async function raceDeletionWithWrites(
  server: { baseURL: string; logs(): string },
  me: Account,
  other: Account,
  round: number,
): Promise<RaceResult> {
  const base = server.baseURL;
  const leaver = await createAccount(server, `fuzz_leaver_${args.seed}_${round}`);
  const headers = (a: Account, extra: Record<string, string> = {}) => ({
    authorization: `Bearer ${a.token}`,
    'content-type': 'application/json',
    ...extra,
  });
  const noted = await fetch(`${base}/api/ruminations`, {
    method: 'POST',
    headers: headers(other),
    body: JSON.stringify({ content: 'a note to comment on', publish: true }),
  });
  const othersNote = (await noted.json()) as { id: number };

  let clock = 0;
  let deleted = false;
  let asked = 0;
  const answers: RaceAnswer[] = [];
  const problems: string[] = [];

  const write = (writer: number): { kind: RaceAnswer['kind']; url: string; body: unknown } => {
    const n = answers.length;
    if (writer % 3 === 0)
      return {
        kind: 'note',
        url: '/api/ruminations',
        body: { content: `note ${n}`, publish: true },
      };
    if (writer % 3 === 1) {
      return {
        kind: 'comment',
        url: '/api/comments',
        body: { content: `comment ${n}`, ruminationId: othersNote.id },
      };
    }
    const target = asked % 2 === 0 ? other : me;
    const relationType = Math.floor(asked / 2) % 6;
    asked += 1;
    return {
      kind: 'relation',
      url: '/api/UserRelations',
      body: { userId: target.id, relationType },
    };
  };

  const writer = async (index: number) => {
    while (!deleted) {
      const { kind, url, body } = write(index);
      const key =
        index % 2 === 0 && kind !== 'relation'
          ? { 'idempotency-key': `race-${round}-${index}-${answers.length}` }
          : undefined;
      let status: number | string;
      let title: string | undefined;
      try {
        const res = await fetch(`${base}${url}`, {
          method: 'POST',
          headers: headers(leaver, key),
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(10_000),
        });
        status = res.status;
        const text = await res.text();
        title = res.ok ? undefined : (JSON.parse(text) as { title?: string }).title;
      } catch (error) {
        status = error instanceof Error && error.name === 'TimeoutError' ? 'timeout' : 'error';
      }
      clock += 1;
      answers.push({ kind, status, title, at: clock });
      if (status === 401 || typeof status === 'string') return;
    }
  };

  const writers = Array.from({ length: RACE_WRITERS }, (_, i) => writer(i));
  while (answers.length < RACE_WRITERS * 2) await new Promise((r) => setTimeout(r, 2));
  const deletion = await fetch(`${base}/api/account`, {
    method: 'DELETE',
    headers: headers(leaver),
    body: JSON.stringify({ password: leaver.password }),
    signal: AbortSignal.timeout(10_000),
  });
  await deletion.text();
  clock += 1;
  const deletedAt = clock;
  deleted = true;
  await Promise.all(writers);

  if (deletion.status !== 204) problems.push(`the deletion answered ${deletion.status}`);
  for (const a of answers) {
    const fine =
      a.status === 201 ||
      (a.status === 401 && a.title === DEAD_TOKEN) ||
      (a.status === 409 && a.kind === 'relation');
    if (!fine) problems.push(`a ${a.kind} answered ${a.status} ${a.title ?? ''}`);
    else if (a.at > deletedAt && a.status !== 401) {
      problems.push(`a ${a.kind} was answered ${a.status} after the deletion answered`);
    }
  }

  // Nothing of it left, as the people it wrote to see it.
  const notes = await fetchList(`${base}/api/ruminations/public?UserId=${leaver.id}`, {}, problems);
  if (notes.length > 0) problems.push(`${notes.length} of its notes left`);
  const thread = await fetchList<{
    createdBy: { id: number };
    isDeleted: boolean;
    content: string;
  }>(`${base}/api/comments/rumination/${othersNote.id}`, { headers: headers(other) }, problems);
  const kept = thread.filter(
    (c) => c.createdBy.id === leaver.id && (!c.isDeleted || c.content !== ''),
  );
  if (kept.length > 0) problems.push(`${kept.length} of its comments left with their text`);
  for (const who of [me, other]) {
    const relations = await fetchList<{ initiator: { id: number }; receiver: { id: number } }>(
      `${base}/api/UserRelations?IncludeDeleted=true&Limit=200`,
      { headers: headers(who) },
      problems,
    );
    const left = relations.filter(
      (r) => r.initiator.id === leaver.id || r.receiver.id === leaver.id,
    );
    if (left.length > 0) problems.push(`${left.length} of its relations left with ${who.username}`);
  }
  const notifications = await fetchList<{ actor?: { id: number } }>(
    `${base}/api/notifications?Limit=100`,
    { headers: headers(other) },
    problems,
  );
  const told = notifications.filter((n) => n.actor?.id === leaver.id);
  if (told.length > 0) problems.push(`${told.length} notifications of its doing left`);

  return {
    acknowledged: answers.filter((a) => a.status === 201).length,
    refused: answers.filter((a) => a.status === 401).length,
    problems: problems.map((p) => `round ${round}: ${p}`),
  };
}

async function main() {
  const started = Date.now();
  const server = await startServer({
    label: 'fuzz',
    env: {
      RATE_LIMIT_ENABLED: 'false',
      ...(args['database-url'] ? { DATABASE_URL: args['database-url'] } : {}),
    },
  });
  try {
    const me = await createAccount(server, `fuzz_me_${args.seed}`);
    const other = await createAccount(server, `fuzz_other_${args.seed}`);
    const auth = (a: Account) => ({
      authorization: `Bearer ${a.token}`,
      'content-type': 'application/json',
    });
    const post = async (a: Account, url: string, body: unknown) =>
      (await (
        await fetch(`${server.baseURL}${url}`, {
          method: 'POST',
          headers: auth(a),
          body: JSON.stringify(body),
        })
      ).json()) as { id: number };
    const world: World = {
      me,
      other,
      ids: { rumination: [], comment: [], relation: [], user: [me.id, other.id] },
    };
    for (const [who, audiences] of [
      [me, []],
      [me, ['Friend']],
      [other, []],
      [other, ['Therapist']],
    ] as const) {
      const r = await post(who, '/api/ruminations', {
        content: 'seed note',
        audiences,
        publish: true,
      });
      world.ids.rumination.push(r.id);
      world.ids.comment.push(
        (await post(other, '/api/comments', { content: 'seed comment', ruminationId: r.id })).id,
      );
    }
    world.ids.relation.push(
      (await post(me, '/api/UserRelations', { userId: other.id, relationType: 2 })).id,
    );

    // Warm-up, then the baseline of memory.
    for (let i = 0; i < 200; i++) await send(server.baseURL, generate(world));
    const rssBefore = server.rss();

    const byStatus = new Map<string, number>();
    const byRoute = new Map<string, Map<string, number>>();
    const failures: Failure[] = [];
    let next = 0;
    const worker = async () => {
      while (next < TOTAL) {
        next += 1;
        const g = generate(world);
        const { status, body } = await send(server.baseURL, g);
        const key = String(status);
        byStatus.set(key, (byStatus.get(key) ?? 0) + 1);
        const route = `${g.method} ${g.path
          .split('?')[0]!
          .replace(/\/[^/]*\d[^/]*|\/abc|\/%[^/]*/g, '/:id')
          .slice(0, 50)}`;
        const counts = byRoute.get(route) ?? new Map<string, number>();
        counts.set(key, (counts.get(key) ?? 0) + 1);
        byRoute.set(route, counts);
        // A 2xx may hold any text people wrote (a note about SQL is fine); an error must not leak.
        const leaks =
          typeof status === 'number' &&
          status >= 400 &&
          (STACK_TRACE.test(body) || SQL_TEXT.test(body));
        const bad = typeof status !== 'number' || status >= 500 || leaks;
        if (bad) failures.push({ request: g, status, body });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const rssAfter = server.rss();

    console.log(
      `fuzz: ${TOTAL} requests, seed ${args.seed}, ${CONCURRENCY} at a time, ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    console.log(
      `by status: ${[...byStatus]
        .sort()
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}`,
    );
    console.log('by route (status: count):');
    for (const [route, counts] of [...byRoute].sort()) {
      console.log(
        `  ${route.padEnd(52)} ${[...counts]
          .sort()
          .map(([s, n]) => `${s}:${n}`)
          .join(' ')}`,
      );
    }
    const races: RaceResult[] = [];
    for (let round = 1; round <= RACES; round++) {
      races.push(await raceDeletionWithWrites(server, me, other, round));
    }
    const raceProblems = races.flatMap((r) => r.problems);
    console.log(
      `deletion raced with ${RACE_WRITERS} writers of its own, ${RACES} times: ${races.reduce((n, r) => n + r.acknowledged, 0)} writes acknowledged before it, ${races.reduce((n, r) => n + r.refused, 0)} refused as a dead token, ${raceProblems.length} problems`,
    );
    for (const problem of raceProblems.slice(0, 10)) console.log(`FAILED race: ${problem}`);
    const growth = rssAfter - rssBefore;
    console.log(
      `server RSS: ${rssBefore.toFixed(1)} MB after warm-up, ${rssAfter.toFixed(1)} MB at the end (${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB; limit +${RSS_GROWTH_LIMIT_MB})`,
    );
    for (const f of failures.slice(0, 10)) {
      const shown = f.request.raw
        ? `<${f.request.raw.length} raw bytes>`
        : JSON.stringify(f.request.body)?.slice(0, 200);
      console.log(
        `FAILED ${f.request.method} ${f.request.path.slice(0, 120)} ${shown ?? ''}\n  -> ${f.status} ${f.body.slice(0, 300)}`,
      );
    }
    const ok = failures.length === 0 && growth <= RSS_GROWTH_LIMIT_MB && raceProblems.length === 0;
    console.log(
      ok
        ? 'OK: no 5xx, no stack trace or SQL in a body, memory steady, deletion excludes its writes'
        : `FAILED: ${failures.length} bad answers${growth > RSS_GROWTH_LIMIT_MB ? ', RSS grew too much' : ''}${raceProblems.length > 0 ? `, ${raceProblems.length} problems in the race of deletion with writes` : ''}`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(2);
});
