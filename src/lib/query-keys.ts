/**
 * Every key of the query cache, one factory per kind of data, each key built from its kind's
 * prefix. Keys are never written as literals elsewhere: a change in one feature invalidates what
 * another shows through these factories without importing that feature, and invalidating a prefix
 * (`all`, `allReplies`) reaches every key below it.
 */

const RUMINATIONS = ['ruminations'] as const;
export const ruminationKeys = {
  all: RUMINATIONS,
  my: (filters: object) => [...RUMINATIONS, 'my', filters] as const,
  feed: (filters: object) => [...RUMINATIONS, 'feed', filters] as const,
  public: (filters: object) => [...RUMINATIONS, 'public', filters] as const,
  one: (ruminationId: number) => [...RUMINATIONS, 'one', ruminationId] as const,
  /** Who reacted to one (GET /api/ruminations/{id}/reactions). */
  reactors: (ruminationId: number) => [...RUMINATIONS, 'reactors', ruminationId] as const,
  /** The signed-in person's tags with counts (under `all`: every note change refreshes them). */
  myTags: [...RUMINATIONS, 'my-tags'] as const,
};

const COMMENTS = ['comments'] as const;
const REPLIES = [...COMMENTS, 'replies'] as const;
export const commentKeys = {
  all: COMMENTS,
  /** The whole tree under one rumination. */
  ofRumination: (ruminationId: number) => [...COMMENTS, 'rumination', ruminationId] as const,
  allReplies: REPLIES,
  replies: (commentId: number) => [...REPLIES, commentId] as const,
};

const RELATIONS = ['relations'] as const;
export const relationKeys = {
  all: RELATIONS,
  list: (filters: object) => [...RELATIONS, filters] as const,
};

const PEOPLE = ['people'] as const;
export const peopleKeys = {
  all: PEOPLE,
  profile: (userId: number) => [...PEOPLE, userId] as const,
  search: (q: string) => [...PEOPLE, 'search', q] as const,
};

const AUTH = ['auth'] as const;
export const authKeys = {
  all: AUTH,
  me: [...AUTH, 'me'] as const,
  activation: (token: string | undefined) => [...AUTH, 'activate', token] as const,
};

const TERMS = ['terms'] as const;
export const termsKeys = {
  all: TERMS,
  current: [...TERMS, 'current'] as const,
  status: [...TERMS, 'status'] as const,
};

const ACCOUNT = ['account'] as const;
export const accountKeys = {
  all: ACCOUNT,
  /** The signed-in person's own account (GET /api/account). */
  mine: [...ACCOUNT, 'mine'] as const,
};

const NOTIFICATIONS = ['notifications'] as const;
/** Short on purpose: these keys sit in the first-load bundle (see `npm run budget`). */
export const notificationKeys = {
  all: NOTIFICATIONS,
  /** The /notifications page's list (newest first, paged). */
  list: [...NOTIFICATIONS, 'list'] as const,
  /** The bell's number; persisted with the rest of the cache, so it shows offline. */
  unreadCount: [...NOTIFICATIONS, 'unread'] as const,
};
