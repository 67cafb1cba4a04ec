/**
 * The run's one seeded source of chance: every draw of every part comes from it in turn, so a seed
 * replays the same requests.
 */
import { prng } from '../bench/data-set';
import { args } from './fuzz-options';

export const random = prng(Number(args.seed));
export const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
export const chance = (p: number) => random() < p;
