// Issue 21, attack 1: the server substitutes a collaborator's public key. Content keys
// are sealed to whatever key the server answers for a person, so a hostile server can
// answer its own and read the note from then on. Before pinning, the SDK looked keys
// up again on every roster change and kept no memory of them: a second share with
// someone, and the rotation after removing someone, sealed the content key to the
// attacker's key without a word. Each test first lets the owner share honestly (which
// pins the real keys), then turns the server hostile.
import { loadSodium, openSealedCek, type Sodium } from "@notes/crypto";
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
import { PublicKeyChanged } from "../errors";
import { openState } from "../notes/open-state";
import { addMember } from "../sharing/add-member";
import { removeMember } from "../sharing/remove-member";
import { resolveUser } from "../sharing/resolve-user";
import { MemoryKeyPins } from "../trust/key-pins";
import { keyFingerprint, keyPinsOf } from "../trust/pin-check";
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

/** The owner's session and note, with Bob and Carol already shared with honestly. */
async function sharedWithBobAndCarol() {
  const session: Session = { ...(await fixedSession()), keyPins: new MemoryKeyPins() };
  session.account = { ...session.account, id: owner.userId };
  const note = noteStateFor(sodium, FIXED_CEK, "secret plans", session.keyPair.publicKey);
  const server = sharingServer({
    note,
    owner,
    people: [bob, carol],
    roster: [{ userId: owner.userId, role: "owner", handle: owner.handle }],
    attacker: mallory,
  });
  const api = createApiClient({ baseUrl: "http://x", fetch: server.fetch });
  const open = openState(sodium, session, note);
  for (const [who, role] of [
    [bob, "editor"],
    [carol, "viewer"],
  ] as const) {
    const found = await resolveUser(api, { handle: who.handle });
    await addMember(api, session, open, { ...found, role });
  }
  return { session, server, api, note: open };
}

/** Whether anything the owner wrote to the roster opens with the attacker's key. */
function attackerCanOpen(writes: readonly RosterWrite[]): boolean {
  return writes.some((write) =>
    [...write.members.map((m) => m.wrappedCek), write.ownerWrappedCek ?? ""].some((wrap) => {
      try {
        openSealedCek(sodium, wrap, mallory.keyPair);
        return true;
      } catch {
        return false;
      }
    }),
  );
}

describe("a hostile server substituting collaborators' public keys", () => {
  it("attack 1: a look-up of someone pinned that answers the server's key throws PublicKeyChanged", async () => {
    const { session, server, api } = await sharedWithBobAndCarol();
    server.substitute.add(carol.userId);

    const lookup = resolveUser(api, { handle: "carol" }, keyPinsOf(session));

    await expect(lookup).rejects.toBeInstanceOf(PublicKeyChanged);
    await expect(lookup).rejects.toMatchObject({
      userId: carol.userId,
      pinnedFingerprint: await keyFingerprint(carol.userId, carol.keyPair.publicKey),
      newFingerprint: await keyFingerprint(carol.userId, mallory.keyPair.publicKey),
    });
    expect(keyPinsOf(session).get(carol.userId)?.publicKey).toEqual(carol.keyPair.publicKey);
  });

  it("attack 1: sharing again with someone pinned refuses the server's key before sealing anything", async () => {
    const { session, server, api, note } = await sharedWithBobAndCarol();
    server.substitute.add(carol.userId);
    const writesBefore = server.writes.length;
    const requestsBefore = server.seen.length;

    // As the web app's Share dialog does: look the person up, then add them.
    const found = await resolveUser(api, { handle: "carol" });
    const share = addMember(api, session, note, { ...found, role: "editor" });

    await expect(share).rejects.toBeInstanceOf(PublicKeyChanged);
    expect(server.writes).toHaveLength(writesBefore);
    expect(server.seen).toHaveLength(requestsBefore + 1); // the look-up, nothing after it
    expect(attackerCanOpen(server.writes)).toBe(false);
  });

  it("attack 1: the rotation after a removal seals the new key to pinned keys, never to a fresh look-up", async () => {
    const { session, server, api, note } = await sharedWithBobAndCarol();
    server.substitute.add(carol.userId);
    const requestsBefore = server.seen.length;

    const change = await removeMember(api, session, note, bob.userId);

    expect(change.rotated).toBe(true);
    const rotation = server.writes.at(-1);
    expect(rotation?.members.map((m) => m.userId)).toEqual([carol.userId]);
    const carolsWrap = rotation?.members[0]?.wrappedCek ?? "";
    expect(openSealedCek(sodium, carolsWrap, carol.keyPair)).toEqual(note.cek);
    expect(attackerCanOpen(server.writes)).toBe(false);
    const lookups = server.seen.slice(requestsBefore).filter((r) => r.path === "/v1/users:resolve");
    expect(lookups).toEqual([]);
  });

  it("attack 1: adding someone new re-seals to the others' pinned keys, not to the server's answer", async () => {
    const { session, server, api, note } = await sharedWithBobAndCarol();
    const dana = await person("00000000-0000-4000-8000-00000000000d", "dana", 7);
    server.keyLog.publish(dana.userId, { publicKey: dana.keyPair.publicKey });
    server.substitute.add(carol.userId);
    server.substitute.add(bob.userId);

    await addMember(api, session, note, {
      userId: dana.userId,
      publicKey: dana.keyPair.publicKey,
      role: "viewer",
    });

    const write = server.writes.at(-1);
    expect(write?.members.map((m) => m.userId)).toEqual([bob.userId, carol.userId, dana.userId]);
    expect(attackerCanOpen(server.writes)).toBe(false);
  });
});
