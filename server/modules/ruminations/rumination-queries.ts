import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema';
import { ruminationVisibleTo } from './rumination-visibility';

/** SQL of ruminations. Every read filters with ruminationVisibleTo; nothing loads whole tables. */

export interface RuminationRow {
  id: number;
  content: string;
  author_id: number;
  author_username: string;
  is_published: number;
  audience_mask: number;
  create_tms: string;
  update_tms: string;
}

export interface Page {
  limit: number;
  beforeId: number | undefined;
}

/** SQLite refuses compound selects of more than 500 parts; stay well below. */
const FEED_AUTHORS_PER_QUERY = 100;

function selectVisible(db: Kysely<Database>, viewerId: number | null) {
  return db
    .selectFrom('ruminations as r')
    .innerJoin('users as u', 'u.id', 'r.author_id')
    .select([
      'r.id',
      'r.content',
      'r.author_id',
      'u.username as author_username',
      'r.is_published',
      'r.audience_mask',
      'r.create_tms',
      'r.update_tms',
    ])
    .where(ruminationVisibleTo(viewerId));
}

function paged(
  query: ReturnType<typeof selectVisible>,
  page: Page,
): ReturnType<typeof selectVisible> {
  return query
    .$if(page.beforeId !== undefined, (q) => q.where('r.id', '<', page.beforeId ?? 0))
    .orderBy('r.id', 'desc')
    .limit(page.limit);
}

export async function findVisibleRumination(
  db: Kysely<Database>,
  id: number,
  viewerId: number | null,
): Promise<RuminationRow | undefined> {
  return selectVisible(db, viewerId).where('r.id', '=', id).executeTakeFirst();
}

export async function listOwn(
  db: Kysely<Database>,
  authorId: number,
  published: boolean | undefined,
  page: Page,
): Promise<RuminationRow[]> {
  return paged(
    selectVisible(db, authorId)
      .where('r.author_id', '=', authorId)
      .$if(published !== undefined, (q) => q.where('r.is_published', '=', published ? 1 : 0)),
    page,
  ).execute();
}

/** Published ruminations of one author that `viewerId` may read; optionally public ones only. */
export async function listByAuthor(
  db: Kysely<Database>,
  authorId: number,
  viewerId: number | null,
  publicOnly: boolean,
  page: Page,
): Promise<RuminationRow[]> {
  return paged(
    selectVisible(db, viewerId)
      .where('r.author_id', '=', authorId)
      .where('r.is_published', '=', 1)
      .$if(publicOnly, (q) => q.where('r.audience_mask', '=', 0)),
    page,
  ).execute();
}

/** Public ruminations of everyone (the ruminations_public_id index gives them in order). */
export async function listPublic(db: Kysely<Database>, page: Page): Promise<RuminationRow[]> {
  return paged(
    selectVisible(db, null).where('r.is_published', '=', 1).where('r.audience_mask', '=', 0),
    page,
  ).execute();
}

/** Everyone with an accepted, not deleted relation (any type, either direction) with the user. */
export async function listRelatedUserIds(db: Kysely<Database>, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_relations')
    .select('receiver_id as other_id')
    .where('initiator_id', '=', userId)
    .where('is_accepted', '=', 1)
    .where('is_deleted', '=', 0)
    .union(
      db
        .selectFrom('user_relations')
        .select('initiator_id as other_id')
        .where('receiver_id', '=', userId)
        .where('is_accepted', '=', 1)
        .where('is_deleted', '=', 0),
    )
    .execute();
  return rows.map((r) => r.other_id).filter((id) => id !== userId);
}

/**
 * The feed: one page of the newest visible, published ruminations of the given authors. Each author
 * contributes at most one page through its own (author_id, is_published, id) index seek, and the
 * union is cut to one page, so a page costs O(authors x limit) whatever the number of ruminations.
 */
export async function listFeed(
  db: Kysely<Database>,
  viewerId: number,
  authorIds: readonly number[],
  publicOnly: boolean,
  page: Page,
): Promise<RuminationRow[]> {
  const chunks: number[][] = [];
  for (let i = 0; i < authorIds.length; i += FEED_AUTHORS_PER_QUERY) {
    chunks.push(authorIds.slice(i, i + FEED_AUTHORS_PER_QUERY));
  }
  const results = await Promise.all(
    chunks.map((chunk) => {
      const parts = chunk.map((authorId, i) =>
        db
          .selectFrom(
            paged(
              selectVisible(db, viewerId)
                .where('r.author_id', '=', authorId)
                .where('r.is_published', '=', 1)
                .$if(publicOnly, (q) => q.where('r.audience_mask', '=', 0)),
              page,
            ).as(`a${i}`),
          )
          .selectAll(),
      );
      const [first, ...rest] = parts;
      if (!first) return Promise.resolve([]);
      const union = rest.reduce((acc, part) => acc.unionAll(part), first);
      return db
        .selectFrom(union.as('feed'))
        .selectAll()
        .orderBy('id', 'desc')
        .limit(page.limit)
        .execute();
    }),
  );
  return results
    .flat()
    .sort((a, b) => b.id - a.id)
    .slice(0, page.limit);
}

export interface RuminationWrite {
  content: string;
  is_published: number;
  audience_mask: number;
}

export async function insertRumination(
  db: Kysely<Database>,
  authorId: number,
  values: RuminationWrite,
  now: string,
): Promise<number> {
  const row = await db
    .insertInto('ruminations')
    .values({ ...values, author_id: authorId, create_tms: now, update_tms: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateRumination(
  db: Kysely<Database>,
  id: number,
  values: RuminationWrite,
  now: string,
): Promise<void> {
  await db
    .updateTable('ruminations')
    .set({ ...values, update_tms: now })
    .where('id', '=', id)
    .execute();
}

/** Comments first: foreign keys may or may not cascade depending on the database's settings. */
export async function deleteRuminationWithComments(
  db: Kysely<Database> | Transaction<Database>,
  id: number,
): Promise<void> {
  await db.deleteFrom('comments').where('rumination_id', '=', id).execute();
  await db.deleteFrom('ruminations').where('id', '=', id).execute();
}
