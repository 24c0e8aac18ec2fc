// The notes a person is told about after a sync: a key the owner did not hand out stays
// listed (issue 33, item 1) beside older copies and notes that did not open, and goes
// when the note opens cleanly again.
import {
  KeyHandoutRefused,
  RollbackDetected,
  RosterChainRefused,
  type SyncResult,
} from "@notes/client";
import { describe, expect, it } from "vitest";
import { NoteWarnings } from "./note-warnings";

const result = (patch: Partial<SyncResult>): SyncResult => ({
  changed: [],
  removed: [],
  unconfirmed: [],
  unreadable: [],
  notOpened: [],
  refused: [],
  ...patch,
});

describe("NoteWarnings", () => {
  it("lists a refused key handout by the note's title, and forgets it once the note opens cleanly", () => {
    const warnings = new NoteWarnings();
    const held = () => ({ metadata: { title: "Plans", tags: [] } }) as never;
    const refused = new KeyHandoutRefused("n1", "unsigned");
    const older = new RollbackDetected(
      "n2",
      "older-version",
      { version: 2, snapshotVersion: 0 },
      {
        version: 1,
        snapshotVersion: 0,
      },
    );
    expect(warnings.take(result({ changed: ["n1"], refused: [refused, older] }), held)).toBe(true);
    expect(warnings.list()).toEqual([
      { id: "n1", reason: "key-refused", title: "Plans" },
      { id: "n2", reason: "older-copy", title: "Plans" },
    ]);
    warnings.take(result({ changed: ["n1"] }), held);
    expect(warnings.list().map((w) => w.id)).toEqual(["n2"]);
  });

  it("lists a role the owner did not sign (issue 33, item 3)", () => {
    const warnings = new NoteWarnings();
    const held = () => ({ metadata: { title: "Budget", tags: [] } }) as never;
    const role = new RosterChainRefused("n3", "role-not-signed");
    warnings.take(result({ changed: ["n3"], refused: [role] }), held);
    expect(warnings.list()).toEqual([{ id: "n3", reason: "role-refused", title: "Budget" }]);
  });
});
