// Issue 33, item 3 (removals and role changes): the server marks this account removed
// from a shared note, or gives it another role, and says nothing else; either is the
// server's word. Before, every removal was set aside (also one the owner had signed, so
// the person had to throw it away by hand) and every role the server reported was taken
// at once (a server could make a viewer's device write as an editor, or an editor's read
// only). Now both are read against the owner's signed roster chain: a removal is taken
// when the chain's newest entry, verified, no longer lists this account, and a role only
// when the chain signs it; otherwise the note is set aside, or keeps the signed role, and
// the sync says so (RosterChainRefused "role-not-signed").
import { loadSodium } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Owner,
  owner,
  signedChain,
} from "../../test/support/hostile-server/group-state-server";
import {
  MEMBER_NOTE_KEY as K,
  memberDevice,
} from "../../test/support/hostile-server/member-device";
import { NOTE_ID } from "../../test/support/test-keys";
import type { NoteState } from "../api/types";
import { RosterChainRefused } from "../errors";
import { readText } from "../notes/text";

let sodium: Awaited<ReturnType<typeof loadSodium>>;
let alice: Owner;

beforeAll(async () => {
  sodium = await loadSodium();
  alice = owner(sodium, "00000000-0000-4000-8000-0000000000a3", 0x50);
});

const bobsDevice = (role?: "editor" | "viewer") => memberDevice(sodium, alice, role);

/** Bob's tombstone after a removal, as the real server writes it (no signature). */
function removal(first: NoteState): NoteState {
  return {
    id: NOTE_ID,
    deleted: false,
    memberCount: 0,
    role: "revoked",
    seq: first.seq + 10,
    snapshotVersion: first.snapshotVersion,
    updatedAt: new Date(90_000).toISOString(),
    updates: [],
    version: first.version,
  };
}

function fail(): never {
  throw new Error("note not held");
}

describe("issue 33, item 3: a removal or role change is read against the owner's signed chain", () => {
  it("a removal the owner signed (the chain's newest entry lacks this account) is taken: the note goes", async () => {
    const { server, engine, first, chainThen } = await bobsDevice();
    server.chain = chainThen("removed");
    server.state = removal(first);

    const result = await engine.syncOnce();

    expect(result.removed).toEqual([NOTE_ID]);
    expect(result.unconfirmed).toEqual([]);
    expect(engine.note(NOTE_ID)).toBeUndefined();
    expect(engine.unconfirmedRemovals()).toEqual([]);
  });

  it("a removal the chain does not carry, or a chain that does not verify, sets the note aside with its content", async () => {
    for (const bend of ["none", "forged"] as const) {
      const { server, engine, first, chainThen } = await bobsDevice();
      const removed = chainThen("removed");
      if (bend === "forged") {
        // The server's own entry without Bob, under a key that is not Alice's.
        const mallory = owner(sodium, alice.userId, 0x70);
        const forged = signedChain(sodium, mallory, K, [[], [], []]);
        server.chain = [...removed.slice(0, 2), forged[2] ?? fail()];
      }
      server.state = removal(first);

      const result = await engine.syncOnce();

      expect(result.removed).toEqual([]);
      expect(result.unconfirmed).toEqual([
        expect.objectContaining({ noteId: NOTE_ID, reason: "unsigned" }),
      ]);
      const kept = engine.unconfirmedRemovals()[0]?.note;
      expect(readText(kept?.doc ?? fail())).toBe("hello");
    }
  });

  it("a role the owner did not sign is not taken, and said so; a signed one is", async () => {
    const { server, engine, first, chainThen } = await bobsDevice("viewer");
    expect(engine.note(NOTE_ID)?.role).toBe("viewer");

    // The server alone makes Bob an editor.
    server.state = { ...first, role: "editor", seq: first.seq + 1 };
    const lied = await engine.syncOnce();
    expect(lied.refused).toEqual([expect.any(RosterChainRefused)]);
    expect(lied.refused[0]).toMatchObject({ noteId: NOTE_ID, reason: "role-not-signed" });
    expect(engine.note(NOTE_ID)?.role).toBe("viewer");

    // Alice signs it.
    server.chain = chainThen("editor");
    server.state = { ...first, role: "editor", seq: first.seq + 2 };
    const signed = await engine.syncOnce();
    expect(signed.refused).toEqual([]);
    expect(engine.note(NOTE_ID)?.role).toBe("editor");
  });
});
