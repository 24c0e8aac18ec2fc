import { describe, expect, it } from "vitest";
import { goneNoteMessage } from "./gone-note";

describe("goneNoteMessage", () => {
  it("says a removed collaborator was unshared, by whom when known", () => {
    const unshared = { reason: "unshared", title: "Trip to Lisbon", wasOwner: false } as const;
    expect(goneNoteMessage({ ...unshared, owner: "alice" })).toBe(
      "alice stopped sharing “Trip to Lisbon” with you, so it is no longer on this device. Pick another note.",
    );
    expect(goneNoteMessage(unshared)).toBe(
      "The owner of “Trip to Lisbon” stopped sharing it with you, so it is no longer on this device. Pick another note.",
    );
    expect(goneNoteMessage({ ...unshared, title: " " })).toBe(
      "The owner of this note stopped sharing it with you, so it is no longer on this device. Pick another note.",
    );
  });

  it("says when the owner did not sign it, and that a copy is kept (issue 33, item 3)", () => {
    const aside = { reason: "unshared", title: "Plan", wasOwner: false, keptAside: true } as const;
    expect(goneNoteMessage({ ...aside, owner: "alice" })).toBe(
      "alice stopped sharing “Plan” with you, the server says. The owner did not sign that, so this device keeps a copy in the Trash. Pick another note.",
    );
    expect(goneNoteMessage({ ...aside, reason: "deleted" })).toBe(
      "The owner of “Plan” deleted it, the server says. The owner did not sign that, so this device keeps a copy in the Trash. Pick another note.",
    );
  });

  it("tells a deletion by the owner from one's own elsewhere", () => {
    expect(
      goneNoteMessage({ reason: "deleted", title: "Plan", wasOwner: false, owner: "alice" }),
    ).toBe("alice deleted “Plan”, so it is no longer here. Pick another note.");
    expect(goneNoteMessage({ reason: "deleted", title: "", wasOwner: false })).toBe(
      "Its owner deleted this note, so it is no longer here. Pick another note.",
    );
    expect(goneNoteMessage({ reason: "deleted", title: "Plan", wasOwner: true })).toBe(
      "“Plan” was deleted in another window or on another device. Pick another note.",
    );
  });

  it("falls back to the plain words when the vault knows nothing", () => {
    expect(goneNoteMessage(undefined)).toBe("This note is not here any more. Pick another one.");
  });
});
