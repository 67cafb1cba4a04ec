import { sql, type Kysely } from 'kysely';
import { reactionCountsOf, type ReactionCount } from '../../../src/domain/reactions';
import type { Database } from '../../db/schema';
import type { HeldMediaRow } from '../media/media-queries';

/** What a page of notes shows beside each note's own row. */
export interface PageExtras {
  /** Each note's photos, in the note's order. */
  media: Map<number, (HeldMediaRow & { position: number })[]>;
  /** Each note's reactions counted by kind, in the kinds' order, `mine` for `viewerId`. */
  reactions: Map<number, ReactionCount[]>;
}

interface ExtraRow {
  /** 0: a photo (a = its id, b = width, c = height, label = alt); 1: a kind of reaction (a = count, b = the viewer's, label = kind). */
  part: number;
  rumination_id: number;
  a: number;
  b: number;
  c: number;
  label: string;
  /** A photo's position in its note. */
  ord: number;
}

/**
 * The photos and the reactions' counts of a page of notes, in one query: on PostgreSQL every query
 * is a round trip that costs both the server and the database about as much CPU as a page's
 * reading itself (docs/performance.md, "PostgreSQL beside SQLite"), so the two lists share one,
 * their rows told apart by `part`, in columns of the same types on both databases. Each half reads
 * its own index by note (media_rumination; the reactions' primary key).
 */
export async function pageExtrasOf(
  db: Kysely<Database>,
  ruminationIds: readonly number[],
  viewerId: number | null,
): Promise<PageExtras> {
  const extras: PageExtras = { media: new Map(), reactions: new Map() };
  if (ruminationIds.length === 0) return extras;
  const ids = sql.join(ruminationIds.map((id) => sql`${id}`));
  // No ORDER BY: each half comes from its index, and a note's photos are put in their order here
  // (a page's few rows) rather than by a sort in the database. PostgreSQL's count and sum are bigint, which its driver hands over as strings: cast.
  const { rows } = await sql<ExtraRow>`select 0 as part, m.rumination_id, m.id as a, m.width as b,
    m.height as c, m.alt as label, m.position as ord
  from media m where m.rumination_id in (${ids})
  union all
  select 1 as part, x.rumination_id, cast(count(*) as integer) as a,
    cast(sum(case when x.user_id = ${viewerId ?? 0} then 1 else 0 end) as integer) as b,
    0 as c, x.kind as label, 0 as ord
  from reactions x where x.rumination_id in (${ids})
  group by x.rumination_id, x.kind`.execute(db);
  const counts = new Map<number, { kind: string; count: number; mine: boolean }[]>();
  for (const row of rows) {
    if (row.part === 0) {
      const photo = {
        position: row.ord,
        id: row.a,
        rumination_id: row.rumination_id,
        width: row.b,
        height: row.c,
        alt: row.label,
      };
      const held = extras.media.get(row.rumination_id);
      if (held) held.push(photo);
      else extras.media.set(row.rumination_id, [photo]);
    } else {
      const list = counts.get(row.rumination_id) ?? [];
      list.push({ kind: row.label, count: row.a, mine: row.b > 0 });
      counts.set(row.rumination_id, list);
    }
  }
  for (const [id, list] of counts) extras.reactions.set(id, reactionCountsOf(list));
  for (const held of extras.media.values()) held.sort((x, y) => x.position - y.position);
  return extras;
}
