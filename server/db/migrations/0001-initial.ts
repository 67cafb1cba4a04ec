import { PostgresAdapter, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

/** Every table of schema.ts. Portable SQL: only types and constructs SQLite and PostgreSQL share. */

/**
 * The id column: PostgreSQL gets an identity column, SQLite INTEGER PRIMARY KEY AUTOINCREMENT
 * (AUTOINCREMENT so that ids of deleted rows are never handed out again: lists page by id).
 */
function idColumn(db: Kysely<unknown>) {
  const pg = db.getExecutor().adapter instanceof PostgresAdapter;
  return (c: ColumnDefinitionBuilder) =>
    pg ? c.generatedByDefaultAsIdentity().primaryKey() : c.primaryKey().autoIncrement();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  const idColumnDefinition = idColumn(db);

  await db.schema
    .createTable('users')
    .addColumn('id', 'integer', idColumnDefinition)
    .addColumn('username', 'text', (c) => c.notNull())
    .addColumn('username_lower', 'text', (c) => c.notNull().unique())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('email_lower', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('token_version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_tms', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('account_tokens')
    .addColumn('id', 'integer', idColumnDefinition)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('create_tms', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_tokens_user')
    .on('account_tokens')
    .columns(['user_id', 'purpose'])
    .execute();

  await db.schema
    .createTable('terms_versions')
    .addColumn('id', 'integer', idColumnDefinition)
    .addColumn('version', 'text', (c) => c.notNull().unique())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('terms_acceptances')
    .addColumn('id', 'integer', idColumnDefinition)
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('accepted_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('terms_acceptances_user')
    .on('terms_acceptances')
    .columns(['user_id', 'version'])
    .execute();

  await db.schema
    .createTable('ruminations')
    .addColumn('id', 'integer', idColumnDefinition)
    .addColumn('author_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_published', 'integer', (c) => c.notNull())
    .addColumn('audience_mask', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_tms', 'text', (c) => c.notNull())
    .addColumn('update_tms', 'text', (c) => c.notNull())
    .execute();
  // Own lists and per-author feeds: newest first per author.
  await db.schema
    .createIndex('ruminations_author_id')
    .on('ruminations')
    .columns(['author_id', 'id'])
    .execute();
  // The public page: published with no audience, newest first.
  await db.schema
    .createIndex('ruminations_public_id')
    .on('ruminations')
    .columns(['is_published', 'audience_mask', 'id'])
    .execute();

  await db.schema
    .createTable('comments')
    .addColumn('id', 'integer', idColumnDefinition)
    .addColumn('rumination_id', 'integer', (c) =>
      c.notNull().references('ruminations.id').onDelete('cascade'),
    )
    .addColumn('parent_comment_id', 'integer', (c) =>
      c.references('comments.id').onDelete('cascade'),
    )
    .addColumn('author_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_tms', 'text', (c) => c.notNull())
    .addColumn('update_tms', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('comments_rumination')
    .on('comments')
    .columns(['rumination_id', 'id'])
    .execute();
  await db.schema
    .createIndex('comments_parent')
    .on('comments')
    .columns(['parent_comment_id', 'id'])
    .execute();

  await db.schema
    .createTable('user_relations')
    .addColumn('id', 'integer', idColumnDefinition)
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('initiator_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('receiver_id', 'integer', (c) =>
      c.notNull().references('users.id').onDelete('cascade'),
    )
    .addColumn('is_accepted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_rejected', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('is_deleted', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('create_tms', 'text', (c) => c.notNull())
    .addColumn('update_tms', 'text', (c) => c.notNull())
    .execute();
  // Visibility and feed look relations up from either side.
  await db.schema
    .createIndex('user_relations_initiator')
    .on('user_relations')
    .columns(['initiator_id', 'receiver_id', 'type'])
    .execute();
  await db.schema
    .createIndex('user_relations_receiver')
    .on('user_relations')
    .columns(['receiver_id', 'initiator_id', 'type'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'user_relations',
    'comments',
    'ruminations',
    'terms_acceptances',
    'terms_versions',
    'account_tokens',
    'users',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
