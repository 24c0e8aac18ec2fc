// Issue 33, item 3 (roles), the doors beside the sync: a sync already took a member's
// role only when the owner's chain signed it, but refreshNote (which every roster change
// starts with) and a compaction's catch-up took whatever role the server answered, and
// a sync took any served "owner". Ownership never moves (the protocol has no transfer),
// so a served "owner" for a note held as a member's, or a member's role for a note held
// as this account's own, is the server's word and is kept out, and said so.
import { loadSodium, type Signer } from "@notes/crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  groupStateServer,
  noteUnder,
  type Owner,
  owner,
} from "../../test/support/hostile-server/group-state-server";
import { MEMBER_NOTE_KEY, memberDevice } from "../../test/support/hostile-server/member-device";
import { fixedSession, NOTE_ID } from "../../test/support/test-keys";
import { createApiClient } from "../api/client";
import { RosterChainRefused } from "../errors";
import { ContentKeyring } from "../keys/content-keyring";
import { refreshNote } from "../notes/refresh-note";
import { SyncEngine } from "../sync/sync-engine";
import { MemorySeenStates } from "../trust/seen-states";
import type { Session } from "../vault/session";

let sodium: Awaited<ReturnType<typeof loadSodium>>;
let alice: Owner;

beforeAll(async () => {
  sodium = await loadSodium();
  alice = owner(sodium, "00000000-0000-4000-8000-0000000000a3", 0x50);
});

const roleNotSigned = { noteId: NOTE_ID, reason: "role-not-signed" };

describe("issue 33, item 3: no side door for the server's word on a role", () => {
  it("refreshNote keeps a viewer a viewer until the owner's chain signs the change", async () => {
    const { api, bob, server, engine, first, chainThen } = await memberDevice(
      sodium,
      alice,
      "viewer",
    );
    const note = engine.note(NOTE_ID);
    if (!note) throw new Error("not held");

    server.state = { ...first, role: "editor", seq: first.seq + 1 };
    await refreshNote(api, bob, note);
    expect(note.role).toBe("viewer");
    expect(note.warnings).toEqual([expect.any(RosterChainRefused)]);
    expect(note.warnings?.[0]).toMatchObject(roleNotSigned);

    note.warnings = undefined;
    server.chain = chainThen("editor");
    await refreshNote(api, bob, note);
    expect(note.role).toBe("editor");
    expect(note.warnings).toBeUndefined();
  });

  it("a member's note never becomes this account's own, whatever the sync or refreshNote is told", async () => {
    const { api, bob, server, engine, first } = await memberDevice(sodium, alice, "editor");
    server.state = { ...first, role: "owner", memberCount: 1, seq: first.seq + 1 };

    const told = await engine.syncOnce();
    expect(told.refused).toEqual([expect.objectContaining(roleNotSigned)]);
    expect(engine.note(NOTE_ID)?.role).toBe("editor");

    const note = engine.note(NOTE_ID);
    if (!note) throw new Error("not held");
    await refreshNote(api, bob, note);
    expect(note.role).toBe("editor");
    expect(note.warnings?.[0]).toMatchObject(roleNotSigned);
  });

  it("the owner's own note stays the owner's when the server answers a member's role", async () => {
    const session: Session = {
      ...(await fixedSession()),
      keyring: new ContentKeyring(),
      seenStates: new MemorySeenStates(),
    };
    const me: Owner = {
      userId: session.account.id,
      secretKey: session.signingKeyPair.secretKey,
      signingPublicKey: session.signingKeyPair.publicKey,
      sharing: session.keyPair,
    };
    const writer: Signer = me;
    const first = noteUnder(sodium, session, writer, me, {
      cek: MEMBER_NOTE_KEY,
      epoch: 1,
      text: "mine",
      role: "owner",
    });
    const server = groupStateServer(first, me, session);
    const engine = new SyncEngine(
      createApiClient({ baseUrl: "http://x", fetch: server.fetch }),
      session,
    );
    expect((await engine.syncOnce()).refused).toEqual([]);
    expect(engine.note(NOTE_ID)?.role).toBe("owner");

    server.state = { ...first, role: "viewer", seq: first.seq + 1 };
    const told = await engine.syncOnce();
    expect(told.refused).toEqual([expect.objectContaining(roleNotSigned)]);
    expect(engine.note(NOTE_ID)?.role).toBe("owner");
  });
});
