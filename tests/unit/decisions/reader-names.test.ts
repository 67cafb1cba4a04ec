import { describe, expect, it } from 'vitest';
import type { UserRef } from '../../../src/api/common';
import type { RelationState } from '../../../src/domain/visibility';
import type { RelationType } from '../../../src/domain/relation-types';
import {
  CHOOSE_READERS,
  readerNames,
  type KnownRelations,
  type ReaderNames,
  type WriterRelation,
} from '../../../src/domain/reader-names';

/** Who will read a published note, by name: what the composer says beside Publish. */

const FAMILY = 1;
const FRIEND = 2;
const PARTNER = 4;
const THERAPIST = 5;

const writer: UserRef = { id: 1, username: 'graca', displayName: 'Graça' };
let nextId = 100;

function person(displayName: string): UserRef {
  nextId += 1;
  return { id: nextId, username: `user${nextId}`, displayName };
}

/** A relation of `type` between the writer and `other`; the writer asked for it unless `askedBy`. */
function relation(
  other: UserRef,
  type: RelationType,
  {
    askedBy = 'writer',
    state = 'accepted',
  }: { askedBy?: 'writer' | 'other'; state?: RelationState } = {},
): WriterRelation {
  const [initiator, receiver] = askedBy === 'writer' ? [writer, other] : [other, writer];
  return {
    type,
    initiator,
    receiver,
    isAccepted: state === 'accepted' || state === 'deleted',
    isRejected: state === 'rejected',
    isDeleted: state === 'deleted',
  };
}

function known(...relations: WriterRelation[]): KnownRelations {
  return { writerId: writer.id, relations };
}

/** The sentence as it reads. */
function said(names: ReaderNames): string {
  return names.readers.map((part) => ('name' in part ? part.name : part.text)).join('');
}

/** The display names in it, each a part of its own (the page isolates their direction). */
function namesIn(names: ReaderNames): string[] {
  return names.readers.flatMap((part) => ('name' in part ? [part.name] : []));
}

function family(...displayNames: string[]): WriterRelation[] {
  return displayNames.map((name) => relation(person(name), FAMILY));
}

describe('who will read a published note, by name', () => {
  it('asks for a choice while the writer has not made one', () => {
    const names = readerNames(null, known(...family('Ana')));
    expect(said(names)).toBe(CHOOSE_READERS);
    expect(CHOOSE_READERS).toBe('Choose who can read it.');
    expect(names).toMatchObject({ icon: null, warning: null });
  });

  it('says Public as before, names or not', () => {
    for (const relations of [known(...family('Ana')), null]) {
      const names = readerNames([], relations);
      expect(said(names)).toBe('Public: anyone, even without an account.');
      expect(names).toMatchObject({ icon: 'public', warning: null });
    }
  });

  it('names up to three people, then counts the others', () => {
    expect(said(readerNames([FAMILY], known(...family('Ana'))))).toBe('Ana: your Family.');
    expect(said(readerNames([FAMILY], known(...family('Bruno', 'Ana'))))).toBe(
      'Ana and Bruno: your Family.',
    );
    expect(said(readerNames([FAMILY], known(...family('Carlos', 'Ana', 'Bruno'))))).toBe(
      'Ana, Bruno and Carlos: your Family.',
    );
    const five = readerNames([FAMILY], known(...family('Eva', 'Carlos', 'Ana', 'Dário', 'Bruno')));
    expect(said(five)).toBe('Ana, Bruno and 3 others: your Family.');
    expect(namesIn(five)).toEqual(['Ana', 'Bruno']);
    expect(five).toMatchObject({ icon: 'people', warning: null });
  });

  it('names the closest first, each person once, with the audiences that reach them', () => {
    const carlos = person('Carlos');
    const ana = person('Ana');
    const names = readerNames(
      [FAMILY, FRIEND, PARTNER],
      known(
        relation(ana, FAMILY),
        relation(ana, FRIEND, { askedBy: 'other' }),
        relation(carlos, PARTNER, { askedBy: 'other' }),
        ...family('Bruno', 'Dário'),
      ),
    );
    expect(said(names)).toBe('Carlos, Ana and 2 others: your Partner, Friends and Family.');
  });

  it('counts only accepted relations', () => {
    const names = readerNames(
      [FAMILY],
      known(
        relation(person('Ana'), FAMILY),
        relation(person('Pending'), FAMILY, { state: 'pending' }),
        relation(person('Rejected'), FAMILY, { state: 'rejected' }),
        relation(person('Ended'), FAMILY, { state: 'deleted' }),
        relation(person('Friend'), FRIEND),
      ),
    );
    expect(said(names)).toBe('Ana: your Family.');
  });

  it('says plainly when nobody is in the chosen audience: only the writer will see the note', () => {
    const names = readerNames([PARTNER], known(...family('Ana', 'Bruno')));
    expect(names).toEqual({
      icon: 'onlyYou',
      readers: [],
      warning: 'You have no Partner yet: only you will see this note.',
    });
    expect(readerNames([PARTNER, THERAPIST], known()).warning).toBe(
      'You have no Partner or Therapist yet: only you will see this note.',
    );
  });

  it('names the ones that reach people and the empty ones beside them', () => {
    const names = readerNames([FAMILY, PARTNER, THERAPIST], known(...family('Bruno', 'Ana')));
    expect(said(names)).toBe('Ana and Bruno: your Family.');
    expect(names).toMatchObject({
      icon: 'people',
      warning: 'You have no Partner or Therapist yet.',
    });
  });

  it("counts a Therapist only towards the writer's own therapist, as the visibility rule does", () => {
    const patient = relation(person('Patient'), THERAPIST, { askedBy: 'other' });
    expect(readerNames([THERAPIST], known(patient)).warning).toBe(
      'You have no Therapist yet: only you will see this note.',
    );
    const therapist = relation(person('Dr. Lima'), THERAPIST);
    expect(said(readerNames([THERAPIST], known(patient, therapist)))).toBe(
      'Dr. Lima: your Therapist.',
    );
  });

  it('keeps names in any script as written, in one order whatever the accents', () => {
    const names = readerNames(
      [FAMILY, FRIEND],
      known(
        relation(person('أميرة حسن'), FRIEND),
        relation(person('Beto'), FAMILY),
        relation(person('Ángel'), FAMILY, { askedBy: 'other' }),
      ),
    );
    // Friends are closer than Family; "Ángel" sorts with the As, not after "Beto".
    expect(namesIn(names)).toEqual(['أميرة حسن', 'Ángel', 'Beto']);
    expect(said(names)).toBe('أميرة حسن, Ángel and Beto: your Friends and Family.');
  });

  it('says the audiences as categories while the relations are not known, and warns of nothing', () => {
    expect(readerNames([PARTNER], null)).toEqual({
      icon: 'people',
      readers: [{ text: 'Partner.' }],
      warning: null,
    });
    expect(said(readerNames([FAMILY, FRIEND], null))).toBe('Friends and Family.');
  });
});
