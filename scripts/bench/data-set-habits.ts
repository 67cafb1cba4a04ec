/**
 * The habits of a shared journal in the benchmark's data set (issue 41): tags and mentions written
 * into some notes, and reactions by people who may read them. Each note's share is drawn from a
 * PRNG of its own id, apart from data-set.ts's sequence, so the rest of the data set is the same
 * rows as before (only some contents gain a last line), and the list endpoints' figures compare
 * with those of a data set without habits.
 */
import { extractTags } from '../../src/domain/tags';
import { REACTION_KINDS } from '../../src/domain/reaction-kinds';
import { prng, relations, ruminations, type DataSetSize, type RuminationRow } from './data-set';

/** A family's tags: a few used everywhere, most now and then (drawn with a skew). */
const TAG_WORDS = (
  'garden family kids niños_2024 日本 café recipes travel school holidays birthday grandma ' +
  'health work walks books music rain sunday letters dreams gratitude moving house dog cat ' +
  'wedding baby summer winter spring autumn beach mountains church football piano knitting ' +
  'photos memories plans worries money friends neighbours hospital recovery therapy journal'
).split(' ');

const TAGGED_SHARE = 0.3;
const MENTION_SHARE = 0.03;
const REACTED_SHARE = 0.4;
// love is the common one; the order is REACTION_KINDS'.
const KIND_WEIGHTS = [0.45, 0.15, 0.12, 0.08, 0.08, 0.12];

function pickTag(rand: () => number): string {
  return TAG_WORDS[Math.floor(TAG_WORDS.length * Math.pow(rand(), 2))]!;
}

/** The line a note gains (tags and a mention), or '' for most notes. */
function habitLine(ruminationId: number, users: number): string {
  const rand = prng(ruminationId * 104_729 + 17);
  const parts: string[] = [];
  if (rand() < TAGGED_SHARE) {
    const n = 1 + Math.floor(rand() * 3);
    for (let i = 0; i < n; i++) parts.push(`#${pickTag(rand)}`);
  }
  if (rand() < MENTION_SHARE) {
    parts.push(`@user${String(1 + Math.floor(rand() * users)).padStart(5, '0')}`);
  }
  return parts.length === 0 ? '' : `\n\n${parts.join(' ')}`;
}

/** data-set.ts's ruminations, some with a last line of tags and a mention. */
export function* ruminationsWithHabits(size: DataSetSize): Generator<RuminationRow> {
  for (const r of ruminations(size))
    yield { ...r, content: r.content + habitLine(r.id, size.users) };
}

export interface RuminationTagRow {
  rumination_id: number;
  tag: string;
  author_id: number;
  position: number;
}

/** What the server writes on each save (rumination_tags), by the very rule it uses. */
export function* ruminationTags(size: DataSetSize): Generator<RuminationTagRow> {
  for (const r of ruminationsWithHabits(size)) {
    const tags = extractTags(r.content);
    for (let position = 0; position < tags.length; position++) {
      yield { rumination_id: r.id, tag: tags[position]!, author_id: r.author_id, position };
    }
  }
}

export interface ReactionRow {
  rumination_id: number;
  user_id: number;
  kind: string;
  created_at: string;
}

/** Each person's accepted relations, with their types as a bit mask (audience_mask's bits). */
function relatedMasks(size: DataSetSize): Map<number, Map<number, number>> {
  const related = new Map<number, Map<number, number>>();
  const add = (a: number, b: number, type: number) => {
    let of = related.get(a);
    if (!of) related.set(a, (of = new Map()));
    of.set(b, (of.get(b) ?? 0) | (1 << type));
  };
  for (const r of relations(size)) {
    if (r.is_accepted !== 1 || r.is_deleted !== 0) continue;
    add(r.initiator_id, r.receiver_id, r.type);
    add(r.receiver_id, r.initiator_id, r.type);
  }
  return related;
}

/**
 * Reactions on 40 % of the published notes, one to eight people each, by people who may read the
 * note: anyone for a public one, the author's relations of an audience's type otherwise.
 */
export function* reactions(size: DataSetSize): Generator<ReactionRow> {
  const related = relatedMasks(size);
  for (const r of ruminations(size)) {
    if (r.is_published !== 1) continue;
    const rand = prng(r.id * 7_727 + 3);
    if (rand() >= REACTED_SHARE) continue;
    let readers: number[] | null = null;
    if (r.audience_mask !== 0) {
      readers = [...(related.get(r.author_id) ?? new Map<number, number>())]
        .filter(([, mask]) => (mask & r.audience_mask) !== 0)
        .map(([id]) => id);
      if (readers.length === 0) continue;
    }
    const wanted = 1 + Math.floor(rand() * rand() * 8);
    const seen = new Set<number>([r.author_id]);
    for (let i = 0; i < wanted * 2 && seen.size <= wanted; i++) {
      const reader = readers
        ? readers[Math.floor(rand() * readers.length)]!
        : 1 + Math.floor(rand() * size.users);
      if (seen.has(reader)) continue;
      seen.add(reader);
      const kinds = new Set([kindOf(rand)]);
      if (rand() < 0.1) kinds.add(kindOf(rand));
      for (const kind of kinds) {
        yield { rumination_id: r.id, user_id: reader, kind, created_at: r.create_tms };
      }
    }
  }
}

function kindOf(rand: () => number): string {
  let u = rand();
  for (let k = 0; k < REACTION_KINDS.length; k++) {
    u -= KIND_WEIGHTS[k]!;
    if (u < 0) return REACTION_KINDS[k]!;
  }
  return REACTION_KINDS[0];
}
