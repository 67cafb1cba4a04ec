let lastTime = 0;
/** Strictly increasing timestamps, so ordering by time and by id agree. */
export function now(): string {
  lastTime = Math.max(Date.now(), lastTime + 1);
  return new Date(lastTime).toISOString();
}
