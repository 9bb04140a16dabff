// The score pad's service worker: a game page once opened keeps opening without a
// connection. Pages of games (/pad/<key>/, /pad/watch/<id>/) are fetched from the
// network first and kept; offline, the kept copy answers (pad.js then polls, shows
// "Offline" and keeps new entries in its outbox until the connection returns). The
// pad's own scripts and styles are kept at install. Nothing of the API is kept: a
// phone must never take an old answer for the game's current state.
const CACHE = "carcwiki-pad-{{ version }}";
const ASSETS = {{ assets|safe }};

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(ASSETS)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name.startsWith("carcwiki-pad-") && name !== CACHE)
      .map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.startsWith("/api/")) return;
  if (request.mode === "navigate" && url.pathname.startsWith("/pad/")) {
    event.respondWith(fetch(request).then((response) => {
      if (response.ok) {
        const copy = response.clone();
        caches.open(CACHE).then((cache) => cache.put(request, copy));
      }
      return response;
    }).catch(() => caches.match(request).then((kept) => kept || Response.error())));
    return;
  }
  if (ASSETS.includes(url.pathname)) {
    event.respondWith(caches.match(request).then((kept) => kept || fetch(request)));
  }
});
