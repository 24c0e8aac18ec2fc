// Offline shell: the app's pages and static files are kept in a cache so the vault
// opens without a network. Pages are network-first (fresh when online, the cached
// copy when not); hashed static files are cache-first. The API is never cached:
// notes live encrypted in IndexedDB, not here. Nor is any page whose query could
// carry a secret (/verify-email?token=…): a cached copy would outlive its use.
// v2: v1 kept such pages, so activating clears every other version's cache.
const CACHE = "notes-shell-v2";
const NEVER = ["/v1/", "/api/", "/ops/", "/problems"];
/**
 * The query parameters a stored page may have: Next's client navigation key and the
 * app's own harmless ones (the open note, the Plan page's "counted" mark). Without
 * `note`, a reload of /notes?note=… offline found no page: the app did not open.
 * Never `token` (verify-email) nor `next` (it may wrap an address with a token).
 */
const STORABLE_QUERY = new Set(["_rsc", "note", "billing"]);

self.addEventListener("install", () => self.skipWaiting());
self.addEventListener("activate", (event) => event.waitUntil(activate()));

async function activate() {
  const names = await caches.keys();
  await Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name)));
  await self.clients.claim();
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
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) (await caches.open(CACHE)).put(request, response.clone());
  return response;
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
