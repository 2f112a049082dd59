/* Service worker: the app shell (styles, scripts, card drawings, icons) is cached so the pages
   open with no network; pages are fetched fresh when possible and fall back to the last copy.
   API calls are never cached here: a round entered offline waits in the page's outbox
   (static/app.js) and is sent once when the network returns. */
const SHELL = "tally-shell-v4", PAGES = "tally-pages-v1";
const ASSETS = ["/static/app.css", "/static/theme.js", "/static/app.js", "/static/inputs.js", "/static/record.js",
                "/static/session.js", "/static/session.css", "/static/home.js", "/static/group.js", "/static/group.css", "/static/api_docs.css",
                "/cards.svg", "/cards.svg?months=kr", "/icon-192.png", "/manifest.webmanifest"];
self.addEventListener("install", e => {
  e.waitUntil(caches.open(SHELL).then(c => c.addAll(ASSETS)).then(() => self.skipWaiting()));
});
self.addEventListener("activate", e => {
  e.waitUntil(caches.keys().then(keys => Promise.all(keys.filter(k => k !== SHELL && k !== PAGES).map(k => caches.delete(k))))
    .then(() => self.clients.claim()));
});
self.addEventListener("fetch", e => {
  const req = e.request, url = new URL(req.url);
  if (req.method !== "GET" || url.origin !== location.origin || url.pathname.startsWith("/api/")) return;
  if (url.pathname.startsWith("/static/") || url.pathname.startsWith("/cards.svg") || url.pathname.startsWith("/icon-")) {
    // stale-while-revalidate: instant from cache, refreshed in the background
    e.respondWith(caches.open(SHELL).then(async c => {
      const hit = await c.match(req);
      const fresh = fetch(req).then(r => { if (r.ok) c.put(req, r.clone()); return r; }).catch(() => hit);
      return hit || fresh;
    }));
    return;
  }
  if (req.mode === "navigate" || url.pathname.endsWith("/part")) {
    e.respondWith(fetch(req).then(r => {
      if (r.ok) { const copy = r.clone(); caches.open(PAGES).then(c => c.put(req, copy)); }
      return r;
    }).catch(() => caches.open(PAGES).then(c => c.match(req)).then(hit => hit || offlinePage())));
  }
});
/* The session page asks for a fresh copy of its record page whenever the session moves on
   (static/session.js): the copy kept for offline use then opens at the current month, not at
   the month this phone saved already. Only this app's own pages are fetched. */
self.addEventListener("message", e => {
  const want = e.data && e.data.warm;
  if (typeof want !== "string") return;
  const url = new URL(want, location.origin);
  if (url.origin !== location.origin || !/^\/s\/[^/]+\/record$/.test(url.pathname)) return;
  e.waitUntil(fetch(url.href, {credentials: "same-origin", cache: "no-store"})
    .then(r => r.ok ? caches.open(PAGES).then(c => c.put(url.href, r)) : null)
    .catch(() => null));
});
// never opened while online: styled by the cached app.css (no inline style, tally/headers.py)
function offlinePage() {
  return new Response("<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>" +
    "<link rel=stylesheet href='/static/app.css'><main><h1>Offline</h1></main>",
    {headers: {"Content-Type": "text/html; charset=utf-8",
               "Content-Security-Policy": "default-src 'self'; frame-ancestors 'none'"}});
}
