import { sayInEnglish, type Say } from '../api/say';

/**
 * Relation types and audiences (spec section 3). One list, so that labels, audience names and
 * numbers cannot drift apart between client, mock backend and server.
 */
export const RELATION_TYPES = [
  { value: 0, name: 'Acquaintance', label: 'Acquaintance' },
  { value: 1, name: 'Family', label: 'Family' },
  { value: 2, name: 'Friend', label: 'Friend' },
  { value: 3, name: 'BestFriend', label: 'Best Friend' },
  { value: 4, name: 'Partner', label: 'Partner' },
  { value: 5, name: 'Therapist', label: 'Therapist' },
] as const;

export type RelationType = (typeof RELATION_TYPES)[number]['value'];
export type AudienceName = (typeof RELATION_TYPES)[number]['name'];

export const AUDIENCE_NAMES = RELATION_TYPES.map((t) => t.name) as [
  AudienceName,
  ...AudienceName[],
];
export const RELATION_TYPE_VALUES = RELATION_TYPES.map((t) => t.value) as RelationType[];

export const THERAPIST: RelationType = 5;

/**
 * A relation type's label for people ("Best Friend"), in `say`'s language (English: the `label`
 * of RELATION_TYPES). Each a literal, so that the catalogues list it (scripts/i18n/shared-strings.ts).
 */
export function relationTypeLabel(type: RelationType, say: Say = sayInEnglish): string {
  switch (type) {
    case 0:
      return say('Acquaintance');
    case 1:
      return say('Family');
    case 2:
      return say('Friend');
    case 3:
      return say('Best Friend');
    case 4:
      return say('Partner');
    case 5:
      return say('Therapist');
  }
}

export function audienceNameOf(type: RelationType): AudienceName {
  return RELATION_TYPES[type].name;
}

export function relationTypeOfAudience(name: AudienceName): RelationType {
  const found = RELATION_TYPES.find((t) => t.name === name);
  if (!found) throw new Error(`Unknown audience ${name}`);
  return found.value;
}

/**
 * How a relation is labelled for the person looking at it. The receiving side of a Therapist
 * relation is the therapist: from their side the other person is their "Patient".
 */
export function relationLabelFor(
  relation: { type: RelationType; receiver: { id: number } },
  viewerId: number | null | undefined,
  say: Say = sayInEnglish,
): string {
  if (relation.type === THERAPIST && viewerId != null && relation.receiver.id === viewerId) {
    return say('Patient');
  }
  return relationTypeLabel(relation.type, say);
}
