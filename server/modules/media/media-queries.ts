import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, MediaTable } from '../../db/schema';
import type {
  AttachedMedia,
  MediaRequestFacts,
  UploadFacts,
} from '../../../src/domain/media-decisions';
import { ruminationVisibleTo } from '../ruminations/rumination-visibility';

/**
 * SQL of photos (migration 0019). "Live": held by a note, or an upload whose `erase_after` has not
 * come; anything else is due to be swept and is read by no one.
 */

function liveAt(now: string) {
  return sql<boolean>`(m.rumination_id is not null or (m.erase_after is not null and m.erase_after > ${now}))`;
}

/** A new upload's row: every column but the id and what only a note sets (its place, its alt). */
export type NewMediaRow = Omit<Insertable<MediaTable>, 'id' | 'rumination_id' | 'position' | 'alt'>;

export async function insertMedia(db: Kysely<Database>, row: NewMediaRow): Promise<number> {
  const inserted = await db
    .insertInto('media')
    .values(row)
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

/** The bytes an account holds (the quota's measure), live or not yet swept. */
export async function usedBytes(db: Kysely<Database>, ownerId: number): Promise<number> {
  const row = await db
    .selectFrom('media')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('bytes'), eb.lit(0)).as('used'))
    .where('owner_id', '=', ownerId)
    .executeTakeFirst();
  return Number(row?.used ?? 0);
}

/** The uploads a write names, as attaching decides on them. */
export async function findUploads(
  db: Kysely<Database>,
  ids: readonly number[],
  now: string,
): Promise<UploadFacts[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('media as m')
    .select(['m.id', 'm.owner_id', 'm.rumination_id'])
    .select(liveAt(now).as('live'))
    .where('m.id', 'in', [...ids])
    .execute();
  return rows.map((r) => ({
    id: r.id,
    ownerId: r.owner_id,
    ruminationId: r.rumination_id,
    live: Boolean(r.live),
  }));
}

/** The ids of the photos a note holds now, in order. */
export async function heldBy(db: Kysely<Database>, ruminationId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('media')
    .select('id')
    .where('rumination_id', '=', ruminationId)
    .orderBy('position')
    .execute();
  return rows.map((r) => r.id);
}

/** Stores what decideMediaAttach decided: the photos a note holds, and those it let go. */
export async function writeAttachment(
  db: Kysely<Database>,
  ruminationId: number,
  decided: { attached: readonly AttachedMedia[]; released: readonly number[] },
): Promise<void> {
  for (const m of decided.attached) {
    await db
      .updateTable('media')
      .set({ rumination_id: ruminationId, position: m.position, alt: m.alt, erase_after: null })
      .where('id', '=', m.id)
      .execute();
  }
  if (decided.released.length > 0) {
    // Let go: due at once (a note's photos are part of it; the sweep erases their files).
    await db
      .updateTable('media')
      .set({ rumination_id: null, erase_after: null })
      .where('id', 'in', [...decided.released])
      .execute();
  }
}

/** A photo as a note shows it, before its URLs are signed. */
export interface HeldMediaRow {
  id: number;
  rumination_id: number;
  width: number;
  height: number;
  alt: string;
}

/** A photo as fetching it needs: the facts of the rule, and where its files are. */
export async function findMediaToRead(
  db: Kysely<Database>,
  id: number,
  signerId: number,
  now: string,
): Promise<(MediaRequestFacts & { storageKey: string }) | undefined> {
  const viewer = signerId === 0 ? null : signerId;
  const heldVisibleTo = (reader: number | null) =>
    sql<boolean>`exists (select 1 from ruminations r where r.id = m.rumination_id and ${ruminationVisibleTo(reader)})`;
  const row = await db
    .selectFrom('media as m')
    .select(['m.owner_id', 'm.storage_key'])
    .select(liveAt(now).as('live'))
    .select(heldVisibleTo(viewer).as('visible'))
    // Visible to nobody in particular: public, published, not in the trash.
    .select(heldVisibleTo(null).as('public'))
    .where('m.id', '=', id)
    .executeTakeFirst();
  return (
    row && {
      ownerId: row.owner_id,
      live: Boolean(row.live),
      inVisibleRumination: Boolean(row.visible),
      inPublicRumination: Boolean(row.public),
      storageKey: row.storage_key,
    }
  );
}
