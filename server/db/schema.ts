import type { ColumnType, Generated } from 'kysely';
import type { Language } from '../../src/api/languages';

/**
 * The database as Kysely sees it. Portable between SQLite and PostgreSQL on purpose:
 * booleans are integers 0/1, timestamps are ISO 8601 UTC strings (they sort as text),
 * and a rumination's audiences are a bit mask (bit t set = relation type t may read it;
 * 0 = public), so visibility is one indexed expression instead of a join.
 */

type Bool01 = number;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  /** lower(username): uniqueness and login ignore case. */
  username_lower: string;
  email: string;
  email_lower: string;
  password_hash: string;
  is_active: ColumnType<Bool01, Bool01 | undefined, Bool01>;
  /** Bumped to revoke every token issued before (password reset). */
  token_version: ColumnType<number, number | undefined, number>;
  create_tms: string;
  /** What others see them as, NFC; their username until they choose one (migration 0016). */
  display_name: string;
  /** `foldForSearch(display_name)` (src/domain/people-search.ts): what people search compares. */
  display_name_fold: string;
  /** 0 to 300 characters, '' when unset. */
  bio: ColumnType<string, string | undefined, string>;
  /**
   * The language of the Accept-Language of their last sign-up or sign-in; null before any since
   * migration 0029 (server/i18n/recipient-language.ts).
   */
  seen_language: ColumnType<Language | null, Language | null | undefined, Language | null>;
}

/** A person's preferences, for those who changed any (migration 0017; defaults otherwise). */
export interface UserPreferencesTable {
  user_id: number;
  /**
   * Audience bit mask of new notes (bit t for relation type t); 0 is a chosen Public; null is
   * "ask each time" (migration 0021).
   */
  default_audiences: number | null;
  email_digest: 'off' | 'daily' | 'weekly';
  /** Notification kinds not pushed, comma-separated ('' is every kind). */
  push_off: string;
  /** IANA name, canonical (migration 0025). */
  time_zone: ColumnType<string, string | undefined, string>;
  /** 'HH:MM' in time_zone; null is no reminder (0025). */
  reminder_time: ColumnType<string | null, string | null | undefined, string | null>;
  /** Bit d for weekday d, 0 Sunday (0025). */
  reminder_days: ColumnType<number, number | undefined, number>;
  /** ISO instant the reminder may next be due; null without one (0027, write-reminders.ts). */
  next_reminder_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Chosen in Settings; null follows the browser (0029). */
  language: ColumnType<Language | null, Language | null | undefined, Language | null>;
  update_tms: string;
}

export interface AccountTokensTable {
  id: Generated<number>;
  user_id: number;
  purpose: 'activate' | 'reset';
  /** SHA-256 of the token; the token itself is only ever in the email. */
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  create_tms: string;
}

export interface TermsVersionsTable {
  id: Generated<number>;
  version: string;
  content: string;
  created_at: string;
}

export interface TermsAcceptancesTable {
  id: Generated<number>;
  user_id: number;
  version: string;
  accepted_at: string;
}

export interface RuminationsTable {
  id: Generated<number>;
  author_id: number;
  content: string;
  is_published: Bool01;
  /** Bit t (1 << t) set when relation type t is an audience; 0 means public. */
  audience_mask: number;
  create_tms: string;
  update_tms: string;
  /** 1 when created, one more on every change (migration 0015). */
  version: ColumnType<number, number | undefined, number>;
  /** When its author moved it to the trash; null while it is live (migration 0015). */
  deleted_tms: ColumnType<string | null, string | null | undefined, string | null>;
}

/** The state a change to a rumination replaced (migration 0015): its history. */
export interface RuminationRevisionsTable {
  id: Generated<number>;
  rumination_id: number;
  /** The version this state had. */
  version: number;
  content: string;
  is_published: Bool01;
  audience_mask: number;
  /** When this state was saved (the update_tms it had). */
  saved_tms: string;
}

/**
 * The columns every rumination read returns (rumination-queries.ts builds both its Kysely selects
 * and the feed's SQL from this list, and its row type). A new column that a reader needs is added
 * here beside its type; one that only serves a query (a search index, say) is left out.
 */
export const RUMINATION_READ_COLUMNS = [
  'id',
  'author_id',
  'content',
  'is_published',
  'audience_mask',
  'create_tms',
  'update_tms',
  'version',
] as const satisfies readonly (keyof RuminationsTable)[];

export interface CommentsTable {
  id: Generated<number>;
  rumination_id: number;
  parent_comment_id: number | null;
  author_id: number;
  content: string;
  is_deleted: ColumnType<Bool01, Bool01 | undefined, Bool01>;
  create_tms: string;
  update_tms: string;
  /** 1 when created, one more on every edit or delete (migration 0015). */
  version: ColumnType<number, number | undefined, number>;
}

export interface UserRelationsTable {
  id: Generated<number>;
  type: number;
  initiator_id: number;
  receiver_id: number;
  is_accepted: ColumnType<Bool01, Bool01 | undefined, Bool01>;
  is_rejected: ColumnType<Bool01, Bool01 | undefined, Bool01>;
  is_deleted: ColumnType<Bool01, Bool01 | undefined, Bool01>;
  create_tms: string;
  update_tms: string;
}

/** Derived from user_relations (server/modules/relations/viewer-audiences.ts). */
/** Each reader's feed written ahead (migration 0030; server/modules/ruminations/feed-timeline.ts). */
export interface FeedEntriesTable {
  viewer_id: number;
  rumination_id: number;
}

export interface ViewerAudiencesTable {
  viewer_id: number;
  author_id: number;
  audience_mask: number;
}

/**
 * One notification to one recipient (migration 0011). `kind` is a NotificationKind of
 * src/api/notification-schemas.ts; the ids that do not apply to the kind are null. No text of a
 * note or a comment is ever copied here.
 */
export interface NotificationsTable {
  id: Generated<number>;
  recipient_id: number;
  actor_id: number;
  kind: string;
  rumination_id: number | null;
  comment_id: number | null;
  relation_id: number | null;
  relation_type: number | null;
  is_read: ColumnType<Bool01, Bool01 | undefined, Bool01>;
  create_tms: string;
}

/** PostgreSQL only (migration 0008): SQLite counts in memory. */
export interface RateCountersTable {
  key: string;
  count: number;
  /** Epoch milliseconds; bigint, read back as a string. */
  reset_at: string | number;
}

/** One running export per account, on every instance (migration 0013, export-leases.ts). */
export interface ExportLeasesTable {
  user_id: number;
  holder: string;
  /** Epoch milliseconds; bigint, read back as a string on PostgreSQL. */
  expires_at: string | number;
}

/** One open notification stream on some instance (migration 0014, notification-stream-registry.ts). */
export interface NotificationStreamsTable {
  id: Generated<number>;
  user_id: number;
  instance_id: string;
  opened_tms: string;
  seen_tms: string;
}

/** Secrets every instance shares, made once per deployment (migration 0018). */
export interface ServerKeysTable {
  name: string;
  value: string;
  create_tms: string;
}

/** A browser's push subscription (migration 0018, server/modules/push). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  /** Base64url, as the browser sent them. */
  p256dh: string;
  auth: string;
  create_tms: string;
  update_tms: string;
}

/**
 * A Web Push message still to send (migration 0018): a notification to fan out
 * (`subscription_id` null) or one device's message.
 */
export interface PushOutboxTable {
  id: Generated<number>;
  /** Null for a message that carries its own payload (a reminder, migration 0027). */
  notification_id: number | null;
  subscription_id: number | null;
  due_tms: string;
  /** ISO time until which an instance holds the row; null when nobody does. */
  claimed_until: string | null;
  attempts: ColumnType<number, number | undefined, number>;
  /** The message's JSON when it is no notification's (a reminder, 0027); null otherwise. */
  payload: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A person's day whose reminder is settled: sent once, across instances (migration 0027). */
export interface ReminderClaimsTable {
  user_id: number;
  /** 'YYYY-MM-DD' in the person's zone. */
  local_date: string;
  channel: 'push' | 'email' | 'skipped';
  create_tms: string;
}

/** A person's last email digest (migration 0018). */
export interface DigestStateTable {
  user_id: number;
  last_sent_tms: string;
  /** The newest notification the last digest listed; the next lists newer ones. */
  last_notification_id: number;
}

/** An uploaded photo (migration 0019, server/modules/media). */
export interface MediaTable {
  id: Generated<number>;
  owner_id: number;
  /** The note that holds it; null for an upload no note holds (yet, or any more). */
  rumination_id: number | null;
  position: ColumnType<number, number | undefined, number>;
  alt: ColumnType<string, string | undefined, string>;
  width: number;
  height: number;
  thumbnail_width: number;
  thumbnail_height: number;
  /** The stored files' bytes together (the quota counts them). */
  bytes: number;
  /** Where its files are in the media storage (server/modules/media/media-storage.ts). */
  storage_key: string;
  create_tms: string;
  /** For an upload no note holds: when it is erased; null or past with no note: due now. */
  erase_after: string | null;
}

export interface Database {
  users: UsersTable;
  user_preferences: UserPreferencesTable;
  account_tokens: AccountTokensTable;
  terms_versions: TermsVersionsTable;
  terms_acceptances: TermsAcceptancesTable;
  ruminations: RuminationsTable;
  rumination_revisions: RuminationRevisionsTable;
  comments: CommentsTable;
  user_relations: UserRelationsTable;
  viewer_audiences: ViewerAudiencesTable;
  feed_entries: FeedEntriesTable;
  rate_counters: RateCountersTable;
  notifications: NotificationsTable;
  notification_streams: NotificationStreamsTable;
  export_leases: ExportLeasesTable;
  server_keys: ServerKeysTable;
  push_subscriptions: PushSubscriptionsTable;
  push_outbox: PushOutboxTable;
  digest_state: DigestStateTable;
  reminder_claims: ReminderClaimsTable;
  media: MediaTable;
  write_positions: WritePositionsTable;
  reactions: ReactionsTable;
  reaction_notified: ReactionNotifiedTable;
  rumination_tags: RuminationTagsTable;
  mention_notified: MentionNotifiedTable;
  imports: ImportsTable;
  import_entries: ImportEntriesTable;
}

/** Where each person's last write ended in PostgreSQL's WAL (migration 0020; read-routing.ts). */
export interface WritePositionsTable {
  user_id: number;
  lsn: string;
}

/** One person's reaction of one kind to one rumination (migration 0023). */
export interface ReactionsTable {
  rumination_id: number;
  user_id: number;
  kind: string;
  created_at: string;
}

/** Who once told a rumination's author they reacted (migration 0023): once per person, ever. */
export interface ReactionNotifiedTable {
  rumination_id: number;
  user_id: number;
}

/** A rumination's tags, as stored (migration 0024; src/domain/tags.ts). */
export interface RuminationTagsTable {
  rumination_id: number;
  tag: string;
  /** Its rumination's author, so that one author's notes with a tag are one index range. */
  author_id: number;
  /** Order of first appearance in the content. */
  position: number;
}

/** Who was told of a mention in which content; comment_id 0 is the rumination itself (0024). */
export interface MentionNotifiedTable {
  rumination_id: number;
  comment_id: number;
  user_id: number;
}

/** A journal import's job (migration 0026; server/modules/imports/). */
export interface ImportsTable {
  id: Generated<number>;
  owner_id: number;
  state: 'running' | 'done' | 'failed';
  /** The uploaded zip in the media storage, until the job ends. */
  file_key: string | null;
  /** The index of the next entry to read. */
  cursor: Generated<number>;
  imported: Generated<number>;
  skipped: Generated<number>;
  /** JSON of the skipped entries listed: [{ entry, message }]. */
  errors: Generated<string>;
  claimed_by: string | null;
  /** Epoch milliseconds (bigint: node-postgres reads it as a string). */
  claimed_until: number | string | null;
  create_tms: string;
}

/** An entry an account imported, by its key (migration 0026). */
export interface ImportEntriesTable {
  owner_id: number;
  entry_key: string;
  import_id: number;
  rumination_id: number;
}
