import type { Member } from "@notes/client";
import { describe, expect, it } from "vitest";
import { addedByName, memberName, roleLabel } from "./member-name";

const OWNER = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";
const C = "00000000-0000-4000-8000-00000000000c";

describe("member names", () => {
  const roster: Member[] = [
    { userId: OWNER, role: "owner", handle: "alice" },
    { userId: B, role: "editor", handle: "bob", addedBy: OWNER },
    { userId: C, role: "viewer", name: "carol@example.com", addedBy: B },
  ];

  it("names by handle, else the address the owner sees, else Someone", () => {
    expect(roster.map(memberName)).toEqual(["alice", "bob", "carol@example.com"]);
    expect(memberName({})).toBe("Someone");
  });

  it("maps addedBy through the roster, and says 'you' for the viewer's own id", () => {
    const [alice, bob, carol] = roster;
    if (!alice || !bob || !carol) throw new Error("roster");
    expect(addedByName(roster, bob, OWNER)).toBe("you");
    expect(addedByName(roster, bob, C)).toBe("alice");
    expect(addedByName(roster, carol, OWNER)).toBe("bob");
    expect(addedByName([alice, carol], carol, OWNER)).toBe("someone no longer on this note");
    expect(addedByName(roster, alice, OWNER)).toBeUndefined();
    expect(roleLabel("viewer")).toBe("Viewer");
  });
});
