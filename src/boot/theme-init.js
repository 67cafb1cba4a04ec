// Applies the stored theme before the first paint, so a dark page never flashes light. Inlined into
// index.html by build/inline-boot-scripts.ts (a request of its own would hold up the first paint);
// the Content-Security-Policy allows it by its hash. Same rule as
// src/features/theme/theme-preference.ts.
/* global window, document */
(function () {
  var preference = 'system';
  try {
    var stored = localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') preference = stored;
  } catch {
    // Storage blocked: follow the system.
  }
  var dark =
    preference === 'dark' ||
    (preference === 'system' &&
      typeof window.matchMedia === 'function' &&
      window.matchMedia('(prefers-color-scheme: dark)').matches);
  var root = document.documentElement;
  if (dark) root.classList.add('dark');
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
