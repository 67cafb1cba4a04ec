// Starts the first page's API request while the app's code is still on its way: on a first visit
// the entry takes a few hundred milliseconds to download and run on a phone, and the list's request
// would otherwise wait for it. build/inline-boot-scripts.ts inlines this file into index.html (so
// it costs no request of its own) with the page's URL filled in; the server allows it by its hash
// (server/http/inline-scripts.ts). The app takes the answer in src/lib/early-requests.ts, only for
// the same URL with the same token, once; if it never asks, the answer is simply dropped.
/* global window, location, __EARLY_PAGES__, __TOKEN_KEY__ */
(function () {
  var pages = __EARLY_PAGES__;
  var url = pages[location.pathname.replace(/\/+$/, '')];
  if (url === undefined || typeof fetch !== 'function') return;
  var token = null;
  try {
    token = localStorage.getItem(__TOKEN_KEY__);
  } catch {
    // Storage blocked: nobody is signed in.
  }
  var authorization = token ? 'Bearer ' + token : null;
  var headers = authorization ? { authorization: authorization } : {};
  window.__earlyRequests = [
    {
      url: location.origin + url,
      authorization: authorization,
      response: fetch(url, { headers: headers, credentials: 'same-origin' }),
    },
  ];
})();
