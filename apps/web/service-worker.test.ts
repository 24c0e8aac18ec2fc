// The offline shell (public/sw.js), run as written in a sandbox with a fake cache:
// a page whose address carries a secret in its query (/verify-email?token=…, a
// device link) is never written to the cache, where it would outlive its use; pages
// without one are, and an activation clears the caches of earlier versions (which
// may hold such pages).
import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";

const ORIGIN = "https://notes.test";
const source = readFileSync(path.join(import.meta.dirname, "public/sw.js"), "utf8");

type Listener = (event: Record<string, unknown>) => void;

function loadWorker(stored: Record<string, string[]> = {}) {
  const listeners = new Map<string, Listener>();
  const open = async (name: string) => {
    stored[name] ??= [];
    return {
      put: async (request: { url: string }) => void stored[name]?.push(request.url),
      match: async () => undefined,
    };
  };
  const caches = {
    open,
    match: async () => undefined,
    keys: async () => Object.keys(stored),
    delete: async (name: string) => delete stored[name],
  };
  const self = {
    location: new URL(ORIGIN),
    addEventListener: (type: string, listener: Listener) => listeners.set(type, listener),
    skipWaiting: () => {},
    clients: { claim: async () => {} },
  };
  const fetch = async () => new Response("<html></html>", { status: 200 });
  runInNewContext(source, { self, caches, fetch, URL, Response, console });

  return {
    stored,
    /** A GET as the browser hands it to the worker; resolves once it is answered. */
    async get(url: string, mode = "navigate") {
      let answered: Promise<unknown> = Promise.resolve();
      listeners.get("fetch")?.({
        request: { method: "GET", url: `${ORIGIN}${url}`, mode },
        respondWith: (p: Promise<unknown>) => {
          answered = p;
        },
      });
      await answered;
    },
    async activate() {
      let done: Promise<unknown> = Promise.resolve();
      listeners.get("activate")?.({ waitUntil: (p: Promise<unknown>) => (done = p) });
      await done;
    },
  };
}

const cached = (stored: Record<string, string[]>) => Object.values(stored).flat();

describe("the service worker", () => {
  it("never caches a page whose query carries a token", async () => {
    const worker = loadWorker();
    await worker.get("/verify-email?token=secret-token-1");
    await worker.get("/link?secret=abc");
    await worker.get("/notes?token=x", "cors");
    expect(cached(worker.stored)).toEqual([]);
  });

  it("caches pages without one, and Next's own navigation fetches", async () => {
    const worker = loadWorker();
    await worker.get("/notes");
    await worker.get("/notes?_rsc=1x2y", "cors");
    expect(cached(worker.stored)).toEqual([`${ORIGIN}/notes`, `${ORIGIN}/notes?_rsc=1x2y`]);
  });

  it("caches the notes page with the open note, so it reloads offline", async () => {
    const worker = loadWorker();
    await worker.get("/notes?note=4f82442d-36c9-4e7a-ad9c-151d20020b16");
    await worker.get("/signin?next=%2Fverify-email%3Ftoken%3Dsecret");
    expect(cached(worker.stored)).toEqual([
      `${ORIGIN}/notes?note=4f82442d-36c9-4e7a-ad9c-151d20020b16`,
    ]);
  });

  it("clears the caches of earlier versions when it activates", async () => {
    const worker = loadWorker({ "notes-shell-v1": [`${ORIGIN}/verify-email?token=old`] });
    await worker.activate();
    expect(cached(worker.stored)).toEqual([]);
  });
});
