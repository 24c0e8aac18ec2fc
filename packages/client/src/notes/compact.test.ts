// The straggler rule: content opened only under a former key makes an owner's or
// editor's next compactIfDue re-seal everything (metadata too) under the current key,
// below the 200-update threshold; a viewer never compacts.
import { loadSodium, openEnvelope, openMetadata } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { fakeFetch, json } from "../../test/support/test-fetch";
import { FIXED_CEK, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import { compactIfDue } from "./compact";
import type { OpenNote } from "./open-state";
import { readText, writeText } from "./text";

const NEW = new Uint8Array(32).fill(4);

function straggling(role: OpenNote["role"]): OpenNote {
  const doc = new Y.Doc();
  writeText(doc, "old and new");
  return {
    id: NOTE_ID,
    doc,
    cek: NEW,
    formerCeks: [FIXED_CEK],
    version: 7,
    snapshotVersion: 5,
    metadata: { title: "T", tags: [] },
    role,
    resealDue: true,
  };
}

describe("compactIfDue after a rotation", () => {
  it("re-seals stragglers under the current key for an editor", async () => {
    const { fetch, requests } = fakeFetch([json({ id: NOTE_ID, seq: 9, version: 7 })]);
    const note = straggling("editor");
    await compactIfDue(createApiClient({ baseUrl: "http://x", fetch }), note, 7);
    const body = requests[0]?.body as { snapshot: string; metadata: string; coversVersion: number };
    const sodium = await loadSodium();
    const replica = new Y.Doc();
    Y.applyUpdate(replica, openEnvelope(sodium, NEW, NOTE_ID, body.snapshot));
    expect(readText(replica)).toBe("old and new");
    expect(openMetadata(sodium, NEW, NOTE_ID, body.metadata).title).toBe("T");
    expect(body.coversVersion).toBe(7);
    expect(note.resealDue).toBe(false);
    expect(note.snapshotVersion).toBe(7);
  });

  it("leaves it to others for a viewer", async () => {
    const { fetch, requests } = fakeFetch([]);
    await compactIfDue(createApiClient({ baseUrl: "http://x", fetch }), straggling("viewer"), 7);
    expect(requests).toHaveLength(0);
  });
});
