// The offline shell (shell/sw.js), run as written in a sandbox with a fake cache:
// a page whose address carries a secret in its query (/verify-email?token=…, a
// device link) is never written to the cache, where it would outlive its use; pages
// without one are, and an activation clears the caches of earlier versions (which
// may hold such pages). Installing caches the build's files its PRECACHE lists and lets
// go of other builds' (app/sw.js/route.ts writes the list); a worker's script from the
// cache comes as a new response, so the worker keeps its address's fragment.
import { readFileSync } from "node:fs";
import path from "node:path";
import { runInNewContext } from "node:vm";
import { describe, expect, it } from "vitest";
import { shellWorker } from "./shell/shell-worker";

const ORIGIN = "https://notes.test";
const source = readFileSync(path.join(import.meta.dirname, "shell/sw.js"), "utf8");

type Listener = (event: Record<string, unknown>) => void;

function loadWorker(stored: Record<string, string[]> = {}, precache: string[] = []) {
  const listeners = new Map<string, Listener>();
  const urlOf = (request: string | { url: string }) =>
    new URL(typeof request === "string" ? request : request.url, ORIGIN).href;
  const open = async (name: string) => {
    stored[name] ??= [];
    const list = () => stored[name] ?? [];
    return {
      put: async (request: { url: string }) => void list().push(request.url),
      add: async (request: string) => void list().push(urlOf(request)),
      keys: async () => list().map((url) => ({ url })),
      delete: async (request: { url: string }) => {
        stored[name] = list().filter((url) => url !== request.url);
        return true;
      },
    };
  };
  const caches = {
    open,
    match: async (request: { url: string }) =>
      // A cache matches an address without its fragment, as the browser's does.
      cached(stored).includes(request.url.split("#")[0] as string)
        ? Object.assign(
            new Response("cached", { headers: { "Content-Type": "text/javascript" } }),
            {
              fromCache: true,
            },
          )
        : undefined,
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
  runInNewContext(shellWorker(source, precache), { self, caches, fetch, URL, Response, console });

  return {
    stored,
    /** A GET as the browser hands it to the worker; resolves to its answer. */
    async get(url: string, mode = "navigate", destination = "") {
      let answered: Promise<unknown> = Promise.resolve();
      listeners.get("fetch")?.({
        request: { method: "GET", url: `${ORIGIN}${url}`, mode, destination },
        respondWith: (p: Promise<unknown>) => {
          answered = p;
        },
      });
      return answered;
    },
    async install() {
      let done: Promise<unknown> = Promise.resolve();
      listeners.get("install")?.({ waitUntil: (p: Promise<unknown>) => (done = p) });
      await done;
    },
    async activate() {
      let done: Promise<unknown> = Promise.resolve();
      listeners.get("activate")?.({ waitUntil: (p: Promise<unknown>) => (done = p) });
      await done;
    },
  };
}

function cached(stored: Record<string, string[]>) {
  return Object.values(stored).flat();
}

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

  it("caches the build's files while it installs, and lets go of other builds'", async () => {
    const old = `${ORIGIN}/_next/static/chunks/old-build.js`;
    const page = `${ORIGIN}/notes`;
    const worker = loadWorker({ "notes-shell-v2": [old, page] }, [
      "/_next/static/chunks/a.js",
      "/_next/static/css/b.css",
    ]);
    await worker.install();
    expect(cached(worker.stored)).toEqual([
      page,
      `${ORIGIN}/_next/static/chunks/a.js`,
      `${ORIGIN}/_next/static/css/b.css`,
    ]);
  });

  it("answers a worker's script from the cache as a new response, other scripts as cached", async () => {
    const worker = loadWorker({}, ["/_next/static/chunks/turbopack-worker.js"]);
    await worker.install();
    const script = "/_next/static/chunks/turbopack-worker.js";
    const plain = (await worker.get(script, "no-cors", "script")) as { fromCache?: boolean };
    expect(plain.fromCache).toBe(true);
    // The worker asks with its configuration in the fragment; the cached response has no
    // fragment, and a worker takes its address from the response it is given.
    const forWorker = (await worker.get(
      `${script}#params=x`,
      "same-origin",
      "worker",
    )) as Response & {
      fromCache?: boolean;
    };
    expect(forWorker.fromCache).toBeUndefined();
    expect(forWorker.url).toBe("");
    expect(await forWorker.text()).toBe("cached");
  });
});
