// Offline shell: the app's pages and static files are kept in a cache so the vault
// opens without a network. Pages are network-first (fresh when online, the cached
// copy when not); hashed static files are cache-first. The API is never cached:
// notes live encrypted in IndexedDB, not here. Nor is any page whose query could
// carry a secret (/verify-email?token=…): a cached copy would outlive its use.
// v2: v1 kept such pages, so activating clears every other version's cache.
// Served as /sw.js by app/sw.js/route.ts, which puts the build's files in PRECACHE.
const PRECACHE = [];
const CACHE = "notes-shell-v2";
const NEVER = ["/v1/", "/api/", "/ops/", "/problems"];
/**
 * The query parameters a stored page may have: Next's client navigation key and the
 * app's own harmless ones (the open note, the Plan page's "counted" mark). Without
 * `note`, a reload of /notes?note=… offline found no page: the app did not open.
 * Never `token` (verify-email) nor `next` (it may wrap an address with a token).
 */
const STORABLE_QUERY = new Set(["_rsc", "note", "billing"]);

self.addEventListener("install", (event) => event.waitUntil(precache()));
self.addEventListener("activate", (event) => event.waitUntil(activate()));

async function activate() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
  await self.clients.claim();
}

/**
 * The build's scripts and styles (PRECACHE), put in the cache while installing.
 * Chromium compiles a script an installing worker caches at once and keeps its code cache
 * with it; one cached later, as a page fetches it, gets its code cache only the first time
 * it runs from the cache. So without this the first reload compiled every script again
 * (issue 35: the first reload of a session was the slowest). The list is part of this
 * script, so each build's worker differs and installs anew: its new files are added, and
 * the files of builds before it are let go. Best effort: a file that fails is fetched
 * and kept when a page asks for it, as before.
 */
async function precache() {
  try {
    const current = new Set(PRECACHE);
    const cache = await caches.open(CACHE);
    const kept = await cache.keys();
    const have = new Set(kept.map((request) => new URL(request.url).pathname));
    await Promise.allSettled(PRECACHE.filter((a) => !have.has(a)).map((a) => cache.add(a)));
    await Promise.all(
      kept
        .filter((request) => {
          const { pathname } = new URL(request.url);
          return pathname.startsWith("/_next/static/") && !current.has(pathname);
        })
        .map((request) => cache.delete(request)),
    );
  } catch {
    // The cache fills as pages fetch, as before.
  }
  await self.skipWaiting();
}

/** Whether a response for `url` may be kept: none whose query could hold a token. */
function storable(url) {
  return [...url.searchParams.keys()].every((name) => STORABLE_QUERY.has(name));
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  if (NEVER.some((prefix) => url.pathname.startsWith(prefix))) return;
  if (url.pathname.startsWith("/_next/static/")) {
    event.respondWith(cacheFirst(request));
  } else {
    event.respondWith(networkFirst(request, request.mode === "navigate"));
  }
});

async function cacheFirst(request) {
  const cached = await caches.match(request);
  if (cached) return forWorker(request, cached);
  const response = await fetch(request);
  if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
  return response;
}

/**
 * A worker's script answered from the cache, as a new response: a worker takes its
 * address from the response's, and a cached one has lost the address's fragment, where
 * the bundler's worker entry reads its configuration (`#params=…`): the worker stopped
 * at "Missing worker bootstrap config", and search lost the notes' text. A response made
 * here has no address of its own, so the worker keeps the one it was asked for.
 */
function forWorker(request, cached) {
  if (request.destination !== "worker" && request.destination !== "sharedworker") return cached;
  return new Response(cached.body, { status: cached.status, headers: cached.headers });
}

async function networkFirst(request, navigation) {
  try {
    const response = await fetch(request);
    if (response.ok && storable(new URL(request.url)))
      (await caches.open(CACHE)).put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await caches.match(request, { ignoreSearch: navigation });
    if (cached) return cached;
    throw error;
  }
}
