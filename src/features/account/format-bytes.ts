const UNITS = ['KB', 'MB', 'GB'] as const;

/** A byte count as people read it: "512 B", "1.2 MB" (powers of 1000, as file managers show). */
export function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  let value = bytes;
  let unit: (typeof UNITS)[number] = 'KB';
  for (const next of UNITS) {
    value /= 1000;
    unit = next;
    if (value < 999.95) break;
  }
  return `${value.toFixed(1)} ${unit}`;
}
