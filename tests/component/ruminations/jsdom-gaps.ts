/**
 * jsdom has no ResizeObserver; Radix's checkbox measures itself with one. A no-op stand-in is
 * enough, as nothing in these tests depends on sizes. (Candidate for the shared client setup.)
 */
if (typeof globalThis.ResizeObserver === 'undefined') {
  globalThis.ResizeObserver = class {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  };
}
