/**
 * The 20 avatar gradients (spec sections 2 and 9). Written out in full so that Tailwind finds
 * every class in the source.
 */
export const AVATAR_GRADIENTS = [
  'from-rose-500 to-orange-400',
  'from-pink-500 to-rose-400',
  'from-fuchsia-500 to-pink-400',
  'from-purple-500 to-fuchsia-400',
  'from-violet-500 to-purple-400',
  'from-indigo-500 to-violet-400',
  'from-blue-500 to-indigo-400',
  'from-sky-500 to-blue-400',
  'from-cyan-500 to-sky-400',
  'from-teal-500 to-cyan-400',
  'from-emerald-500 to-teal-400',
  'from-green-500 to-emerald-400',
  'from-lime-500 to-green-400',
  'from-yellow-500 to-lime-400',
  'from-amber-500 to-yellow-400',
  'from-orange-500 to-amber-400',
  'from-red-500 to-orange-400',
  'from-slate-500 to-sky-400',
  'from-stone-500 to-amber-400',
  'from-zinc-500 to-violet-400',
] as const;

/** The same first three letters (ignoring case) always give the same gradient. */
export function avatarGradientIndex(username: string): number {
  const prefix = username.slice(0, 3).toLowerCase();
  let hash = 0;
  for (const char of prefix) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) % 1_000_003;
  return hash % AVATAR_GRADIENTS.length;
}

export function avatarGradientFor(username: string): string {
  return AVATAR_GRADIENTS[avatarGradientIndex(username)] ?? AVATAR_GRADIENTS[0];
}
