import { createApiClient, type NoteState } from "@notes/client";
import { describe, expect, it } from "vitest";
import { observeNoteStates } from "./note-states";

const ID = "7d444840-9dc0-11d1-b245-5ffdce74fad2";
const state = {
  id: ID,
  deleted: false,
  memberCount: 3,
  role: "editor",
  seq: 4,
  snapshotVersion: 0,
  updatedAt: new Date(0).toISOString(),
  updates: [],
  version: 0,
} satisfies NoteState;

describe("observeNoteStates", () => {
  it("hears every note state of a changes page and of a note read, and passes them on", async () => {
    const api = createApiClient({
      baseUrl: "http://x",
      fetch: async (url) =>
        Response.json(
          url.includes("/v1/changes")
            ? { changes: [state], nextPageToken: "", nextSyncToken: "t" }
            : state,
        ),
    });
    const seen: [string, number][] = [];
    const observed = observeNoteStates(api, (s) => seen.push([s.id, s.memberCount]));
    const page = await observed.call("notes.changes", {});
    const one = await observed.call("notes.get", { id: ID });
    expect(page.changes).toHaveLength(1);
    expect(one.memberCount).toBe(3);
    expect(seen).toEqual([
      [ID, 3],
      [ID, 3],
    ]);
  });
});
