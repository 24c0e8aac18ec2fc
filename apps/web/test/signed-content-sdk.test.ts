// Signed content with @notes/client against the real server (docs/client-crypto.md,
// "Signed content"): sign-up publishes the account's signing key; what a member writes
// reaches the others signed, and their devices name the signer from the key they
// pinned, not from the server; a bridge transmission carries its author's signature.
import { randomBytes } from "node:crypto";
import {
  type ApiClient,
  addMember,
  appendParagraph,
  BridgeLog,
  createNote,
  editNote,
  keyPinsOf,
  keyTransparencyFor,
  NoteEditor,
  openNote,
  resolveUser,
  type Session,
  SyncEngine,
  signUp,
} from "@notes/client";
import { loadSodium, toBase64 } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { grantComplimentary } from "./support/notes";
import { sdkDevice } from "./support/sdk-device";

interface User {
  api: ApiClient;
  session: Session;
  handle: string;
}

async function user(): Promise<User> {
  const api = sdkDevice();
  const handle = `signer_${randomBytes(6).toString("hex")}`;
  const { session } = await signUp(api, { identifier: handle, password: "pw for signing tests" });
  // A roster pins only keys the log already proves, without waiting for the next epoch
  // (pin-check.ts): let the new account's keys reach the log before anyone reads them,
  // as they would have long before anyone shares with a real account.
  await keyTransparencyFor(api).verifyKeys(
    session.account.id,
    session.keyPair.publicKey,
    session.signingKeyPair.publicKey,
  );
  return { api, session, handle };
}

describe("signed content with @notes/client", () => {
  it("publishes the signing key at sign-up, derived from the master key", async () => {
    const alice = await user();
    const stored = await alice.api.call("keypair.get", {});
    expect(stored.signingPublicKey).toBe(toBase64(alice.session.signingKeyPair.publicKey));
  });

  it("a member's edit reaches the owner signed, and the owner names the signer", async () => {
    const [owner, bob] = await Promise.all([user(), user()]);
    const note = await createNote(owner.api, owner.session, {
      title: "Signed",
      tags: [],
      text: "the owner's line",
    });
    const found = await resolveUser(owner.api, { handle: bob.handle }, keyPinsOf(owner.session));
    expect(found.signingPublicKey).toEqual(bob.session.signingKeyPair.publicKey);
    await addMember(owner.api, owner.session, note, { ...found, role: "editor" });

    // Bob opens it: the owner's snapshot was signed, and Bob's device checks it against
    // the owner's key it pins from the roster on first sight.
    const bobSync = new SyncEngine(bob.api, bob.session);
    await bobSync.syncOnce();
    const bobNote = bobSync.note(note.id);
    expect(bobNote?.authorship?.signers.get(owner.session.account.id)).toBe("signed");
    expect(bobNote?.authorship?.unchecked).toBe(false);

    const editor = new NoteEditor(
      bob.api,
      bobNote ?? (await openNote(bob.api, bob.session, note.id)),
      bob.session,
    );
    appendParagraph(editor.doc, "Bob's line");
    await editor.flush();
    editor.destroy();

    const ownerSync = new SyncEngine(owner.api, owner.session);
    ownerSync.track(note);
    const result = await ownerSync.syncOnce();
    expect(result.refused).toEqual([]);
    const seen = ownerSync.note(note.id);
    expect(seen?.authorship?.signers.get(bob.session.account.id)).toBe("signed");

    // What the server stored is signed by Bob, under the note's key epoch.
    const state = await owner.api.call("notes.get", { id: note.id });
    expect(state.updateSignatures).toHaveLength(state.updates.length);
    expect(state.snapshotSignature).toBeDefined();
  });

  it("an edit of someone still unpinned is checked once the roster pins them", async () => {
    const [owner, bob, carol] = await Promise.all([user(), user(), user()]);
    const note = await createNote(owner.api, owner.session, {
      title: "Three",
      tags: [],
      text: "x",
    });
    for (const member of [bob, carol]) {
      const found = await resolveUser(owner.api, { handle: member.handle });
      await addMember(owner.api, owner.session, note, { ...found, role: "editor" });
    }
    const carolNote = await openNote(carol.api, carol.session, note.id);
    await editNote(carol.api, { ...carolNote, signer: undefined }, (doc) =>
      appendParagraph(doc, "unsigned, as a client of §9 alone writes"),
    );
    const bobNote = await openNote(bob.api, bob.session, note.id);
    await editNote(bob.api, bobNote, (doc) => appendParagraph(doc, "signed by Bob"));

    // Carol's device never saw Bob's key: it reads the roster and pins it first.
    const sync = new SyncEngine(carol.api, carol.session);
    await sync.syncOnce();
    const held = sync.note(note.id);
    expect(held?.authorship?.signers.get(bob.session.account.id)).toBe("signed");
    expect(held?.authorship?.unchecked).toBe(true);
    expect(keyPinsOf(carol.session).get(bob.session.account.id)?.signingPublicKey).toEqual(
      bob.session.signingKeyPair.publicKey,
    );
  });

  it("a bridge transmission carries its author's signature", async () => {
    const [alice, bob] = await Promise.all([user(), user()]);
    for (const u of [alice, bob]) await grantComplimentary(u.handle);
    const sodium = await loadSodium();
    const bridgeOf = (u: User) =>
      new BridgeLog(
        u.api,
        sodium,
        u.session.keyPair,
        u.session.account.id,
        keyPinsOf(u.session),
        u.session,
      );
    const aliceLog = bridgeOf(alice);
    const bobLog = bridgeOf(bob);
    await bobLog.handshake();
    // The bridge is shared by every premium account of the suite, which may rotate it:
    // Alice starts an epoch of her own and lets Bob in (issue 33: being listed by the
    // server lets no one in; a member vouches for whom the key goes to).
    await aliceLog.handshake();
    await aliceLog.rotate();
    await aliceLog.admit(bob.session.account.id);
    const words = `signed over the bridge ${randomBytes(4).toString("hex")}`;
    const sent = await aliceLog.send(words);
    expect(sent.signature).toBeDefined();
    await bobLog.handshake();
    const entry = (await bobLog.page()).entries.find((e) => e.seq === sent.seq);
    expect(entry?.text).toBe(words);
    expect(entry?.signature).toEqual({
      status: "signed",
      signerId: alice.session.account.id,
      verified: false,
    });
  });
});
