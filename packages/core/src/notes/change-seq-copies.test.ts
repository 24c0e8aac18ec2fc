// The change lock and the members' seq fan-out are written three times: in TypeScript
// (change-seq.ts, note-access.ts) and in both append functions, inline because a SQL
// function of their own cost an append a quarter of its throughput (0434616). This
// holds the copies to one another, so a change to one that misses another fails here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CHANGE_LOCK } from "./change-seq";

const functions = path.resolve(import.meta.dirname, "../../../db/sql/functions");
const code = (file: string) =>
  readFileSync(file, "utf8")
    .replace(/--[^\n]*/g, "")
    .replace(/\s+/g, " ");
const appends = ["notes_append.sql", "notes_append_batch.sql"].map((f) => ({
  name: f,
  text: code(path.join(functions, f)),
}));

describe("the change lock and the members' fan-out, written in three places", () => {
  it("takes the one change lock, shared, in each append function", () => {
    for (const { name, text } of appends) {
      const keys = [...text.matchAll(/pg_advisory_xact_lock(_shared)?\((\d+)\)/g)];
      expect(
        keys.map((k) => [k[1], Number(k[2])]),
        name,
      ).toEqual([["_shared", CHANGE_LOCK]]);
    }
  });

  it("gives the change's seq to every member but the removed, and to nobody else", () => {
    const ts = code(path.resolve(import.meta.dirname, "note-access.ts"));
    expect(ts).toMatch(
      /update note_members set seq = \$\{seq\} where note_id = \$\{noteId\} and role <> 'revoked'/,
    );
    const [single, batch] = appends.map((a) => a.text);
    expect(single).toContain(
      "UPDATE note_members SET seq = v_seq WHERE note_id = p_note AND role <> 'revoked';",
    );
    expect(batch).toContain(
      "UPDATE note_members m SET seq = g.seq FROM go g WHERE m.note_id = g.note_id AND m.role <> 'revoked'",
    );
  });
});
