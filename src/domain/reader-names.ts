import type { UserRelation } from '../api/relation-schemas';
import { sayInEnglish, type Say } from '../api/say';
import {
  audienceWords,
  CLOSEST_FIRST,
  joinWords,
  spokenAudiences,
  type AudienceKind,
} from './audience-words';
import type { RelationType } from './relation-types';
import { canView, relationState } from './visibility';

/**
 * Who will read a note once it is published, by name (issue 39): "Carlos, Ana and 3 others: your
 * Family". A category alone ("Partner") hid that nobody was in it, so a note meant for someone
 * reached no one and its writer was never told. One function gives the composer every word it
 * shows, so what it promises and what it says cannot differ.
 */

/** A relation of the writer's, as the relations list gives it. */
export type WriterRelation = Pick<
  UserRelation,
  'type' | 'initiator' | 'receiver' | 'isAccepted' | 'isRejected' | 'isDeleted'
>;

/** The writer's relations, once known (the list loaded, or kept from an earlier visit). */
export interface KnownRelations {
  writerId: number;
  relations: readonly WriterRelation[];
}

/** A piece of the sentence: words, or a display name (isolated for its direction where shown). */
export type ReaderPart = { text: string } | { name: string };

export interface ReaderNames {
  /** The audience icon beside the sentence; none while the writer has not chosen. */
  icon: AudienceKind | null;
  /** Who will read it; empty when nobody but the writer will. */
  readers: readonly ReaderPart[];
  /** Chosen audiences with nobody in them yet, said plainly; null when each has someone. */
  warning: string | null;
}

/** The English of the sentence before any audience is chosen. */
export const CHOOSE_READERS = 'Choose who can read it.';

/** Names beyond this many are counted ("and 3 others"); up to this many are all named. */
const NAMED_AT_MOST = 3;

/** One order for names in any script, the same on every device (not the browser's language). */
const byName = new Intl.Collator('en', { sensitivity: 'base' });

/**
 * The sentence for `audiences` (null: not chosen yet; []: Public). With `known` null (the list
 * still loading, or offline with nothing kept) the audiences are said as categories, as on a card,
 * and no audience is ever said to be empty: that is not known.
 */
export function readerNames(
  audiences: readonly RelationType[] | null,
  known: KnownRelations | null,
  say: Say = sayInEnglish,
): ReaderNames {
  if (audiences === null) {
    return { icon: null, readers: [{ text: say('Choose who can read it.') }], warning: null };
  }
  if (audiences.length === 0 || known === null) {
    const words = audienceWords({ isPublished: true, audiences }, say);
    return {
      icon: words.kind,
      readers: [{ text: `${words.long}.` }],
      warning: null,
    };
  }
  const { names, reached } = readersOf(audiences, known);
  const unreached = audiences.filter((type) => !reached.has(type));
  const empty = joinWords(spokenAudiences(unreached, say), 'or', say);
  if (names.length === 0) {
    return {
      icon: 'onlyYou',
      readers: [],
      warning: say('You have no {audiences} yet: only you will see this note.', {
        audiences: empty,
      }),
    };
  }
  const reachedWords = joinWords(spokenAudiences([...reached], say), 'and', say);
  const sentence = say('{names}: your {audiences}.', {
    names: namesSaid(names, say),
    audiences: reachedWords,
  });
  return {
    icon: 'people',
    readers: partsOf(sentence, names),
    warning: empty ? say('You have no {audiences} yet.', { audiences: empty }) : null,
  };
}

/**
 * The people who may read a note published to `audiences`, by the visibility rule itself (an
 * accepted relation; Therapist only towards the writer's own therapist), each once, closest first
 * and then by name; and the audiences that reach at least one of them.
 */
function readersOf(
  audiences: readonly RelationType[],
  { writerId, relations }: KnownRelations,
): { names: string[]; reached: Set<RelationType> } {
  const note = { authorId: writerId, isPublished: true, audiences };
  const people = new Map<number, { name: string; rank: number }>();
  const reached = new Set<RelationType>();
  for (const relation of relations) {
    const other = relation.initiator.id === writerId ? relation.receiver : relation.initiator;
    const fact = {
      type: relation.type,
      initiatorId: relation.initiator.id,
      receiverId: relation.receiver.id,
      state: relationState(relation),
    };
    if (!canView(note, other.id, [fact])) continue;
    reached.add(relation.type);
    const rank = CLOSEST_FIRST.indexOf(relation.type);
    const seen = people.get(other.id);
    if (!seen || rank < seen.rank) people.set(other.id, { name: other.displayName, rank });
  }
  const names = [...people.entries()]
    .sort(([idA, a], [idB, b]) => a.rank - b.rank || byName.compare(a.name, b.name) || idA - idB)
    .map(([, { name }]) => name);
  return { names, reached };
}

/**
 * Where the `index`th name goes while the sentence is made: characters of Unicode's private use
 * area that no message holds, so that the sentence is whole for translation (word order is the
 * language's) and the names are found again in it (partsOf), each to be isolated where shown.
 */
const nameMark = (index: number) => `\uE000${index}\uE001`;
const NAME_MARK = /\uE000(\d+)\uE001/g;

/** "Ana", "Ana and Carlos", "Ana, Carlos and Eva", "Ana, Carlos and 3 others" (names marked). */
function namesSaid(names: readonly string[], say: Say): string {
  const shown = names.length <= NAMED_AT_MOST ? names : names.slice(0, NAMED_AT_MOST - 1);
  const others = names.length - shown.length;
  const marks = shown.map((_, index) => nameMark(index));
  if (others === 0) return joinWords(marks, 'and', say);
  const list = marks.reduce((joined, item) => say('{list}, {item}', { list: joined, item }));
  return say('{list} and {count} others', { list, count: others });
}

/** The sentence cut into words and the names marked in it. */
function partsOf(sentence: string, names: readonly string[]): ReaderPart[] {
  const parts: ReaderPart[] = [];
  let at = 0;
  for (const match of sentence.matchAll(NAME_MARK)) {
    if (match.index > at) parts.push({ text: sentence.slice(at, match.index) });
    parts.push({ name: names[Number(match[1])] ?? '' });
    at = match.index + match[0].length;
  }
  if (at < sentence.length) parts.push({ text: sentence.slice(at) });
  return parts;
}
