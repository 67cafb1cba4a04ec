/** `npm run fuzz`'s command line (see fuzz.ts), read once for every part of the run. */
import { parseArgs } from 'node:util';

export const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    seed: { type: 'string', default: '1' },
    concurrency: { type: 'string', default: '8' },
    races: { type: 'string', default: '5' },
    'database-url': { type: 'string' },
  },
});
export const TOTAL = Number(args.requests);
export const CONCURRENCY = Number(args.concurrency);
export const RACES = Number(args.races);
export const RACE_WRITERS = 10;
