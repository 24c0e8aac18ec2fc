// The editor seals each local update, retries a lost append with the same requestId,
// and does not retry a 4xx answer.
import { loadSodium, openEnvelope } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { fakeFetch, json } from "../../test/support/test-fetch";
import { FIXED_CEK, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import { NoteEditor } from "./editor";
import type { OpenNote } from "./open-state";
import { appendParagraph, readText } from "./text";

function blankNote(): OpenNote {
  return {
    id: NOTE_ID,
    doc: new Y.Doc(),
    cek: FIXED_CEK,
    version: 0,
    snapshotVersion: 0,
    metadata: { title: "t", tags: [] },
    role: "owner",
  };
}

describe("NoteEditor", () => {
  it("retries a network failure with the same requestId and sealed updates", async () => {
    const { fetch, requests } = fakeFetch([
      new TypeError("fetch failed"),
      json({ id: NOTE_ID, seq: 5, version: 1 }),
    ]);
    const note = blankNote();
    const editor = new NoteEditor(createApiClient({ baseUrl: "http://x", fetch }), note);
    appendParagraph(note.doc, "secret words");
    editor.setMetadata({ title: "new title", tags: ["x"] });
    await editor.flush();
    expect(requests).toHaveLength(2);
    const [first, second] = requests.map((r) => r.body as Record<string, unknown>);
    expect(first?.requestId).toBeTypeOf("string");
    expect(second?.requestId).toBe(first?.requestId);
    expect(JSON.stringify(first)).not.toContain("secret");
    const sodium = await loadSodium();
    const replica = new Y.Doc();
    for (const u of (first?.updates ?? []) as string[]) {
      Y.applyUpdate(replica, openEnvelope(sodium, FIXED_CEK, NOTE_ID, u));
    }
    expect(readText(replica)).toBe("secret words");
    expect(note.version).toBe(1);
    expect(note.metadata.title).toBe("new title");
    editor.destroy();
  });

  it("does not retry a 4xx problem and keeps the batch for the next flush", async () => {
    const problem = json(
      { type: "http://x/problems/view-only", title: "View only", status: 403 },
      403,
    );
    const { fetch, requests } = fakeFetch([problem]);
    const note = blankNote();
    const editor = new NoteEditor(createApiClient({ baseUrl: "http://x", fetch }), note);
    appendParagraph(note.doc, "line");
    await expect(editor.flush()).rejects.toMatchObject({ slug: "view-only" });
    expect(requests).toHaveLength(1);
    editor.destroy();
  });

  it("compacts once 200 updates sit above the snapshot, covering the new version", async () => {
    const { fetch, requests } = fakeFetch([
      json({ id: NOTE_ID, seq: 7, version: 200 }),
      json({ id: NOTE_ID, seq: 8, version: 200 }),
    ]);
    const note = { ...blankNote(), version: 199 };
    const editor = new NoteEditor(createApiClient({ baseUrl: "http://x", fetch }), note);
    appendParagraph(note.doc, "two hundredth");
    await editor.flush();
    expect(requests.map((r) => new URL(r.url).pathname)).toEqual([
      `/v1/notes/${NOTE_ID}/updates`,
      `/v1/notes/${NOTE_ID}:compact`,
    ]);
    const body = requests[1]?.body as { coversVersion: number; snapshot: string };
    expect(body.coversVersion).toBe(200);
    const sodium = await loadSodium();
    const replica = new Y.Doc();
    Y.applyUpdate(replica, openEnvelope(sodium, FIXED_CEK, NOTE_ID, body.snapshot));
    expect(readText(replica)).toBe("two hundredth");
    expect(note.snapshotVersion).toBe(200);
    editor.destroy();
  });
});
