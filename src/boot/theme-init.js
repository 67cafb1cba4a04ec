// Applies the stored theme before the first paint, so a dark page never flashes light, and the
// language's direction, so an Arabic page never flashes left to right (src/lib/i18n/language.ts
// decides the language itself, by the same rule). Inlined into
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
  var language = null;
  try {
    language = localStorage.getItem('ruminations-language');
  } catch {
    // Storage blocked: follow the browser.
  }
  var wanted = language ? [language] : navigator.languages || [navigator.language];
  for (var i = 0; i < wanted.length; i += 1) {
    var primary = String(wanted[i]).toLowerCase().split('-')[0];
    if (primary === 'en' || primary === 'es' || primary === 'ar') {
      root.lang = primary;
      root.dir = primary === 'ar' ? 'rtl' : 'ltr';
      break;
    }
  }
})();
