// Starts the app's entry once the browser has painted index.html's frame: as a plain module script
// the entry ran as soon as it had arrived, often before the first paint, and a phone showed nothing
// until it had run. Its download starts at once all the same (a modulepreload link in <head>).
// Inlined by build/static-shell.ts with the entry's URL; allowed by its hash. A tab opened in the
// background paints no frame: the timer starts the app there.
/* global window, document, __ENTRY__ */
(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    var script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = __ENTRY__;
    document.head.appendChild(script);
  }
  window.requestAnimationFrame(function () {
    window.setTimeout(start, 0);
  });
  window.setTimeout(start, 300);
})();
