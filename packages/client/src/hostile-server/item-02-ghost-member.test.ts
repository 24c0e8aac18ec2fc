// Issue 33, item 2: the server adds a ghost member. An owner's roster change used to start
// from the roster the server answered, so an account the server slipped onto it was given
// the new content key at the owner's next change, a removal included. Now the change
// starts from the roster the owner signed (the verified head of the note's chain): a ghost
// is left out and reported, and a chain the server cut short or altered is refused before
// anything is written.
import { fromBase64, loadSodium, openSealedCek, type Sodium, toBase64 } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  type Person,
  person,
  type RosterWrite,
  sharingServer,
} from "../../test/support/hostile-server/sharing-server";
import { FIXED_CEK, fixedSession } from "../../test/support/test-keys";
import { noteStateFor } from "../../test/support/test-server";
import { createApiClient } from "../api/client";
import { RosterChainRefused } from "../errors";
import { openState } from "../notes/open-state";
import { addMember } from "../sharing/add-member";
import { listMembers } from "../sharing/list-members";
import { removeMember } from "../sharing/remove-member";
import { resolveUser } from "../sharing/resolve-user";
import { signedRoster } from "../sharing/signed-roster";
import { MemoryKeyPins } from "../trust/key-pins";
import type { Session } from "../vault/session";

let sodium: Sodium;
let owner: Person;
let bob: Person;
let carol: Person;
let mallory: Person;

beforeAll(async () => {
  sodium = await loadSodium();
  owner = await person("00000000-0000-4000-8000-00000000000a", "alice", 1);
  bob = await person("00000000-0000-4000-8000-00000000000b", "bob", 5);
  carol = await person("00000000-0000-4000-8000-00000000000c", "carol", 6);
  mallory = await person("00000000-0000-4000-8000-0000000000ee", "mallory", 66);
});

/** The owner's note shared honestly with Bob (editor) and Carol (viewer). */
async function sharedWithBobAndCarol() {
  const session: Session = { ...(await fixedSession()), keyPins: new MemoryKeyPins() };
  session.account = { ...session.account, id: owner.userId };
  const state = noteStateFor(sodium, FIXED_CEK, "secret plans", session.keyPair.publicKey);
  const server = sharingServer({
    note: state,
    owner,
    // Mallory is a real account the server can resolve: it knows her key.
    people: [bob, carol, mallory],
    roster: [{ userId: owner.userId, role: "owner", handle: owner.handle }],
    attacker: mallory,
  });
  const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
  const note = openState(sodium, session, state);
  for (const [who, role] of [
    [bob, "editor"],
    [carol, "viewer"],
  ] as const) {
    await addMember(api, session, note, {
      ...(await resolveUser(api, { handle: who.handle })),
      role,
    });
  }
  return { session, server, api, note };
}

function opensFor(who: Person, writes: readonly RosterWrite[]): boolean {
  return writes.some((write) =>
    [...write.members.map((m) => m.wrappedCek), write.ownerWrappedCek ?? ""].some((wrap) => {
      try {
        openSealedCek(sodium, wrap, who.keyPair);
        return true;
      } catch {
        return false;
      }
    }),
  );
}

describe("issue 33, item 2: a member the owner never added", () => {
  it("a ghost the server lists is not sealed to by the owner's next change, a removal included", async () => {
    const { session, server, api, note } = await sharedWithBobAndCarol();
    server.addGhost(mallory.userId);
    const writesBefore = server.writes.length;

    const change = await removeMember(api, session, note, carol.userId);

    expect(change.rotated).toBe(true);
    expect(change.ghosts).toEqual([mallory.userId]);
    const after = server.writes.slice(writesBefore);
    expect(after.at(-1)?.members.map((m) => m.userId)).toEqual([bob.userId]);
    expect(opensFor(mallory, after)).toBe(false);
    expect(openSealedCek(sodium, after.at(-1)?.members[0]?.wrappedCek ?? "", bob.keyPair)).toEqual(
      note.cek,
    );
  });

  it("a ghost is taken off even by a change that would otherwise change nothing", async () => {
    const { session, server, api, note } = await sharedWithBobAndCarol();
    server.addGhost(mallory.userId);
    const change = await addMember(api, session, note, {
      userId: bob.userId,
      publicKey: bob.keyPair.publicKey,
      role: "editor",
    });
    expect(change.ghosts).toEqual([mallory.userId]);
    expect(opensFor(mallory, server.writes)).toBe(false);
    expect((await listMembers(api, note.id)).members.map((m) => m.userId)).not.toContain(
      mallory.userId,
    );
  });

  it("the owner's device shows who is in as it signed them, and the ghost apart", async () => {
    const { session, server, api, note } = await sharedWithBobAndCarol();
    server.addGhost(mallory.userId);
    const listed = (await listMembers(api, note.id)).members;
    const view = await signedRoster(sodium, api, session, note.id, listed);
    expect(view.members.map((m) => [m.userId, m.role])).toEqual([
      [owner.userId, "owner"],
      [bob.userId, "editor"],
      [carol.userId, "viewer"],
    ]);
    expect(view.ghosts.map((m) => m.userId)).toEqual([mallory.userId]);
  });

  it("a chain cut short (the removal's entry withheld) is refused before anything is written", async () => {
    const { session, server, api, note } = await sharedWithBobAndCarol();
    await removeMember(api, session, note, carol.userId);
    // The server drops the entry that removed Carol, so the roster would bring her back.
    server.chain.pop();
    const writesBefore = server.writes.length;
    const change = addMember(api, session, note, {
      userId: mallory.userId,
      publicKey: mallory.keyPair.publicKey,
      role: "viewer",
    });
    await expect(change).rejects.toMatchObject({ name: "RosterChainRefused", reason: "rollback" });
    expect(server.writes).toHaveLength(writesBefore);
  });

  it("an altered entry is refused as forged", async () => {
    const { session, server, api, note } = await sharedWithBobAndCarol();
    const last = server.chain.at(-1);
    if (!last) throw new Error("no chain");
    const bytes = fromBase64(last.entry);
    bytes[60] = (bytes[60] ?? 0) ^ 1;
    last.entry = toBase64(bytes);
    const writesBefore = server.writes.length;
    await expect(removeMember(api, session, note, bob.userId)).rejects.toBeInstanceOf(
      RosterChainRefused,
    );
    expect(server.writes).toHaveLength(writesBefore);
  });
});
