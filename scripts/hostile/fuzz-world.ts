/** What the generated requests act on (two accounts and their ids), and a request's shape. */
import type { Account } from '../support/accounts';
import { chance, pick } from './fuzz-random';

export interface World {
  me: Account;
  other: Account;
  ids: { rumination: number[]; comment: number[]; relation: number[]; user: number[] };
}

export function someId(world: World, kind: keyof World['ids']): string {
  if (chance(0.15))
    return pick(['0', '-1', 'abc', '1.5', '99999999999', '%2e%2e', '1e3', '0x10', '']);
  return String(pick(world.ids[kind]));
}

export type Generated = {
  method: string;
  path: string;
  body?: unknown;
  raw?: Buffer;
  headers: Record<string, string>;
};

/** The headers of a JSON request signed in as `a`. */
export function signedInJson(
  a: Account,
  extra: Record<string, string> = {},
): Record<string, string> {
  return { authorization: `Bearer ${a.token}`, 'content-type': 'application/json', ...extra };
}
