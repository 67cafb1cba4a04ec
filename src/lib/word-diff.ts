/**
 * The differences between two texts, word by word: what stayed, what was taken out and what was
 * put in, in reading order. Whitespace runs are words of their own, so line breaks show where
 * they changed. A longest common subsequence over the words that differ (the common start and end
 * are cut off first); past MAX_CELLS the middle is shown as one deletion and one insertion, so a
 * long note never costs more than a few megabytes and milliseconds.
 */

export type DiffPart =
  | { kind: 'same'; text: string }
  | { kind: 'removed'; text: string }
  | { kind: 'added'; text: string };

const MAX_CELLS = 4_000_000;

function wordsOf(text: string): string[] {
  return text.match(/\s+|[^\s]+/g) ?? [];
}

/** Appends a part, joining it to the previous one of the same kind. */
function push(parts: DiffPart[], kind: DiffPart['kind'], text: string): void {
  if (text === '') return;
  const last = parts[parts.length - 1];
  if (last?.kind === kind) last.text += text;
  else parts.push({ kind, text });
}

export function diffWords(before: string, after: string): DiffPart[] {
  const a = wordsOf(before);
  const b = wordsOf(after);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  const parts: DiffPart[] = [];
  push(parts, 'same', a.slice(0, start).join(''));
  const midA = a.slice(start, endA);
  const midB = b.slice(start, endB);
  if (midA.length * midB.length > MAX_CELLS) {
    push(parts, 'removed', midA.join(''));
    push(parts, 'added', midB.join(''));
  } else {
    diffMiddle(parts, midA, midB);
  }
  push(parts, 'same', a.slice(endA).join(''));
  return parts;
}

/** Longest common subsequence by dynamic programming, then walked from the start. */
function diffMiddle(parts: DiffPart[], a: string[], b: string[]): void {
  const n = a.length;
  const m = b.length;
  const width = m + 1;
  // lengths[i * width + j]: the LCS of a[i..] and b[j..].
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (a[i] === b[j]) {
      push(parts, 'same', a[i] ?? '');
      i++;
      j++;
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      push(parts, 'removed', a[i] ?? '');
      i++;
    } else {
      push(parts, 'added', b[j] ?? '');
      j++;
    }
  }
  push(parts, 'removed', a.slice(i).join(''));
  push(parts, 'added', b.slice(j).join(''));
}
