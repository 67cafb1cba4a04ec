// Paints the last screen a signed-in person saw (src/features/offline/last-screen.ts saved it) before
// any of the app's code has run: a returning visitor sees their feed with the HTML, and the app then
// replaces it with the same boxes from the saved query cache, refreshed. Only for the same session,
// the same path and the same build, and not older than the saved cache may be; inert until then,
// and marked as refreshing (styles.css: [data-last-screen]). Inlined at the end of <body> by
// build/inline-boot-scripts.ts; allowed by its hash.
/* global document, location, __KEY__, __TOKEN_KEY__, __MARK_LENGTH__, __BUILD__, __MAX_AGE_MS__ */
(function () {
  try {
    var raw = localStorage.getItem(__KEY__);
    if (!raw) return;
    var saved = JSON.parse(raw);
    var token = localStorage.getItem(__TOKEN_KEY__);
    if (!token || saved.session !== token.slice(-__MARK_LENGTH__)) {
      // Another session's screen is never shown, and not kept either.
      localStorage.removeItem(__KEY__);
      return;
    }
    var usable =
      saved.build === __BUILD__ &&
      saved.path === location.pathname + location.search &&
      Date.now() - saved.savedAt <= __MAX_AGE_MS__;
    var root = document.getElementById('root');
    if (!usable || !root) return;
    root.innerHTML = saved.html;
    var screen = root.firstElementChild;
    if (screen) {
      // Offline nothing is refreshing: the app's offline line says what is shown once it runs.
      screen.setAttribute('data-last-screen', navigator.onLine === false ? 'offline' : 'online');
      screen.setAttribute('inert', '');
    }
  } catch {
    // Unreadable: the app starts as it would without it.
  }
})();
