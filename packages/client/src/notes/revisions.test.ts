// Revisions: sealed like a snapshot under the content key with its epochId, listed,
// opened (a delta over its base too, under a former key), and restored as a local edit.
import {
  DecryptionFailed,
  deriveEpochId,
  loadSodium,
  openEnvelope,
  sealEnvelope,
} from "@notes/crypto";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { fakeFetch, json } from "../../test/support/test-fetch";
import { FIXED_CEK, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import type { OpenNote } from "./open-state";
import { REMOTE_ORIGIN } from "./open-state";
import {
  listRevisions,
  MAX_DELTA_DEPTH,
  openRevision,
  restoreRevision,
  storeRevision,
} from "./revisions";
import { readText, writeText } from "./text";

const OLD = new Uint8Array(32).fill(9);
const AT = "2026-11-23T10:00:00.000Z";

function noteWith(text: string): OpenNote {
  const doc = new Y.Doc();
  writeText(doc, text);
  const note = { id: NOTE_ID, doc, cek: FIXED_CEK, formerCeks: [OLD], version: 3 };
  return { ...note, snapshotVersion: 3, metadata: { title: "T", tags: [] }, role: "owner" };
}

describe("revisions", () => {
  it("stores the whole content sealed under the content key with its epochId", async () => {
    const { fetch, requests } = fakeFetch([json({ revision: 1, bytes: 80, createdAt: AT }, 201)]);
    const api = createApiClient({ baseUrl: "http://x", fetch });
    const stored = await storeRevision(api, noteWith("first\nsecond"));
    expect(stored.descriptor.revision).toBe(1);
    expect(stored.base).toMatchObject({ revision: 1, depth: 0 });
    expect(requests[0]?.url).toBe(`http://x/v1/notes/${NOTE_ID}/revisions`);
    const body = requests[0]?.body as { snapshot: string; epochId: string };
    const sodium = await loadSodium();
    expect(body.epochId).toBe(deriveEpochId(sodium, FIXED_CEK));
    const replica = new Y.Doc();
    Y.applyUpdate(replica, openEnvelope(sodium, FIXED_CEK, NOTE_ID, body.snapshot));
    expect(readText(replica)).toBe("first\nsecond");
  });

  it("stores a delta over the last revision that reopens, deletions included", async () => {
    const descriptor = (revision: number) => json({ revision, bytes: 1, createdAt: AT }, 201);
    const { fetch, requests } = fakeFetch([descriptor(1), descriptor(2), descriptor(3)]);
    const api = createApiClient({ baseUrl: "http://x", fetch });
    const note = noteWith("keep\ndrop");
    const first = await storeRevision(api, note);
    writeText(note.doc, "keep\nnew line");
    const second = await storeRevision(api, note, first.base);
    expect(second.base).toMatchObject({ revision: 2, depth: 1 });
    const bodies = requests.map((r) => r.body as { snapshot: string; baseRevision?: number });
    expect(bodies.map((b) => b.baseRevision)).toEqual([undefined, 1]);
    const deep = { ...second.base, depth: MAX_DELTA_DEPTH };
    await storeRevision(api, note, deep);
    expect(requests[2]?.body).not.toHaveProperty("baseRevision");

    const read = (revision: number, body: (typeof bodies)[number] | undefined) =>
      json({ revision, bytes: 1, createdAt: AT, ...body });
    const reader = fakeFetch([read(2, bodies[1]), read(1, bodies[0])]);
    const readApi = createApiClient({ baseUrl: "http://x", fetch: reader.fetch });
    expect(readText(await openRevision(readApi, note, 2))).toBe("keep\nnew line");
  });

  it("lists descriptors newest first as the server gives them", async () => {
    const revisions = [
      { revision: 2, bytes: 10, createdAt: AT, authorHandle: "bob" },
      { revision: 1, bytes: 9, createdAt: AT },
    ];
    const { fetch } = fakeFetch([json({ revisions, nextPageToken: "" })]);
    const api = createApiClient({ baseUrl: "http://x", fetch });
    expect(await listRevisions(api, NOTE_ID)).toEqual(revisions);
  });

  it("opens a delta over a base sealed under a former key without an epochId", async () => {
    const sodium = await loadSodium();
    const source = new Y.Doc();
    writeText(source, "base");
    const base = Y.encodeStateAsUpdate(source);
    const before = Y.encodeStateVector(source);
    writeText(source, "base\nand more");
    const delta = Y.encodeStateAsUpdate(source, before);
    const { fetch, requests } = fakeFetch([
      json({
        revision: 2,
        bytes: 1,
        createdAt: AT,
        baseRevision: 1,
        epochId: deriveEpochId(sodium, FIXED_CEK),
        snapshot: sealEnvelope(sodium, FIXED_CEK, NOTE_ID, delta),
      }),
      json({
        revision: 1,
        bytes: 1,
        createdAt: AT,
        snapshot: sealEnvelope(sodium, OLD, NOTE_ID, base),
      }),
    ]);
    const api = createApiClient({ baseUrl: "http://x", fetch });
    const doc = await openRevision(api, noteWith("now"), 2);
    expect(readText(doc)).toBe("base\nand more");
    expect(requests.map((r) => r.url.split("/").pop())).toEqual(["2", "1"]);
  });

  it("refuses a revision no held key opens, and passes on the server's 402", async () => {
    const sodium = await loadSodium();
    const stranger = new Uint8Array(32).fill(7);
    const problem = { type: "https://x/problems/premium-required", title: "Premium", status: 402 };
    const { fetch } = fakeFetch([
      json({
        revision: 1,
        bytes: 1,
        createdAt: AT,
        snapshot: sealEnvelope(sodium, stranger, NOTE_ID, new Uint8Array([0, 0])),
      }),
      json(problem, 402, { "Content-Type": "application/problem+json" }),
    ]);
    const api = createApiClient({ baseUrl: "http://x", fetch });
    await expect(openRevision(api, noteWith("now"), 1)).rejects.toBeInstanceOf(DecryptionFailed);
    await expect(listRevisions(api, NOTE_ID)).rejects.toMatchObject({
      status: 402,
      slug: "premium-required",
    });
  });

  it("restores as one local transaction that a writer would send", () => {
    const note = noteWith("current text");
    const old = new Y.Doc();
    writeText(old, "old line\nsecond");
    const origins: unknown[] = [];
    note.doc.on("update", (_u: Uint8Array, origin: unknown) => origins.push(origin));
    restoreRevision(note.doc, old);
    expect(readText(note.doc)).toBe("old line\nsecond");
    expect(origins).toHaveLength(1);
    expect(origins[0]).not.toBe(REMOTE_ORIGIN);
    expect(readText(old)).toBe("old line\nsecond");
  });
});
