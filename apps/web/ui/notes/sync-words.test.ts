import { describe, expect, it } from "vitest";
import type { StatusInput } from "./sync-words";
import { feedText, setAsideReason, syncStatusText, warningLines } from "./sync-words";

const synced: StatusInput = {
  online: true,
  pending: 0,
  unsaved: false,
  sync: { running: false, applied: 0, firstDone: true },
};

describe("the sync status (issue 33, item 13)", () => {
  it("never says all is synced while notes could not be opened or were set aside", () => {
    expect(syncStatusText(synced)).toBe("All changes synced");
    const warned = {
      ...synced,
      noteWarnings: [
        { id: "a", reason: "metadata", title: "Plans" },
        { id: "b", reason: "key" },
      ] as const,
    };
    expect(syncStatusText(warned)).toBe("2 notes could not be opened");
    const aside = { ...synced, setAside: [{ id: "c", title: "T", reason: "unsigned", at: "x" }] };
    expect(syncStatusText(aside as StatusInput)).toBe(
      "1 note removed by the server, not confirmed — see Trash",
    );
    // Saving and offline still come first: they are what the person is waiting on.
    expect(syncStatusText({ ...warned, pending: 2 })).toBe("Saving…");
  });

  it("says why in plain words, one line per reason, naming the notes this device kept", () => {
    expect(
      warningLines([
        { id: "a", reason: "metadata", title: "Plans" },
        { id: "b", reason: "key" },
        { id: "c", reason: "key" },
        { id: "d", reason: "older-copy", title: "Budget" },
        { id: "e", reason: "key-refused", title: "Keys" },
        { id: "f", reason: "role-refused" },
      ]),
    ).toEqual([
      "1 note (“Plans”): its title and tags do not open (swapped or damaged on the server); this device keeps what it had.",
      "2 notes: the key the server sent for your account does not open it.",
      "1 note (“Budget”): the server sent an older copy than this device has already seen; this device keeps what it had.",
      "1 note (“Keys”): the server sent a new key for it that its owner did not hand to you; this device keeps writing under the key it had, which the server cannot read; this device keeps what it had.",
      "1 note: the server says your role on it changed, but its owner's signed list of members does not say so; this device keeps the role the owner gave you.",
    ]);
  });

  it("says why a note was set aside", () => {
    expect(setAsideReason("unsigned")).toBe(
      "The server says it was deleted, or that you were removed from it, but the owner did not sign that.",
    );
    expect(setAsideReason("not-the-owner")).toBe(
      "Its deletion was signed by someone who is not its owner.",
    );
  });
});

describe("the feed beside the status (issue 38)", () => {
  it("says nothing while offline, whatever the socket still believes", () => {
    expect(feedText("live", false)).toBeUndefined();
    expect(feedText("offline", false)).toBeUndefined();
    expect(feedText("live", true)).toBe("Live");
    expect(feedText("offline", true)).toBe("Reconnecting…");
  });
});
