// Applies the stored theme before the first paint, so a dark page never flashes light. Loaded as
// an external file because the Content-Security-Policy forbids inline scripts. Same rule as
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
