/**
 * Prefix of every offline write's mutation key (filters of the pending list and persistence).
 * A module of its own: the status badge and the persistence filter are on every first visit, and
 * importing the constant from offline-writes would bring the write functions and their API calls.
 */
export const OFFLINE_WRITE_PREFIX = ['offline-write'] as const;
