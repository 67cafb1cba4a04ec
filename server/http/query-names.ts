import { parse } from 'node:querystring';

/**
 * Query parameter names match ignoring case (api-contract.md "Conventions"): clients send both
 * `isPublic` and `IsPublic`. Every name is rewritten to the spelling the schemas use before
 * validation; unknown names pass through unchanged.
 */
export const CANONICAL_QUERY_NAMES = [
  'isPublic',
  'UserId',
  'Limit',
  'BeforeId',
  'Id',
  'WithMe',
  'FromTMS',
  'ToTMS',
  'IncludeDeleted',
  'Sort',
  'Offset',
  'token',
] as const;

const BY_LOWER = new Map<string, string>(CANONICAL_QUERY_NAMES.map((n) => [n.toLowerCase(), n]));

export function parseQueryString(query: string): Record<string, unknown> {
  const parsed = parse(query);
  const result: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(parsed)) {
    const canonical = BY_LOWER.get(name.toLowerCase()) ?? name;
    // Two spellings of one name (?isPublic=true&IsPublic=false): the first one wins.
    if (!(canonical in result)) result[canonical] = value;
  }
  return result;
}
