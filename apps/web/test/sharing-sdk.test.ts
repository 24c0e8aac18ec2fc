// @notes/client sharing end to end against the real server (docs/sharing.md): the
// owner shares a note, an editor reads and writes it, removing the editor rotates the
// content key (nothing written afterwards opens under the old key), a member who
// stayed follows the rotation through sync, and a member added afterwards reads
// every line. Live rooms relay an edit and close a removed member's socket 4403. A
// member leaves on their own with leaveNote.
import { randomBytes } from "node:crypto";
import {
  type ApiClient,
  addMember,
  appendParagraph,
  createNote,
  editNote,
  isProblem,
  LIVE_ORIGIN,
  LiveRoom,
  leaveNote,
  listMembers,
  type OpenNote,
  openNote,
  PublicKeyDirectory,
  readText,
  removeMember,
  resolveUser,
  type Session,
  SyncEngine,
  signUp,
} from "@notes/client";
import { loadSodium, openEnvelope } from "@notes/crypto";
import { describe, expect, it, vi } from "vitest";
import WebSocket from "ws";
import { sdkDevice } from "./support/sdk-device";

const device = () => sdkDevice();

interface User {
  api: ApiClient;
  session: Session;
  handle: string;
}

async function user(): Promise<User> {
  const api = device();
  const handle = `share_${randomBytes(6).toString("hex")}`;
  const { session } = await signUp(api, { identifier: handle, password: "pw for sharing tests" });
  return { api, session, handle };
}

async function share(owner: User, note: OpenNote, to: User, role: "editor" | "viewer") {
  const found = await resolveUser(owner.api, { handle: to.handle });
  return addMember(owner.api, owner.session, note, { ...found, role });
}

const BEFORE = "written before sharing";

describe("sharing with @notes/client", () => {
  it("rotates the content key on removal; later members read everything", async () => {
    const [owner, bob, dana, carol] = await Promise.all([user(), user(), user(), user()]);
    const note = await createNote(owner.api, owner.session, {
      title: "Shared",
      tags: [],
      text: BEFORE,
    });
    const directory = new PublicKeyDirectory();
    await share(owner, note, bob, "editor");
    const bobNote = await openNote(bob.api, bob.session, note.id);
    expect(bobNote.role).toBe("editor");
    expect(readText(bobNote.doc)).toBe(BEFORE);

    await editNote(bob.api, bobNote, (doc) => appendParagraph(doc, "from bob"));
    const oldCek = bobNote.cek;
    const danaFound = await resolveUser(owner.api, { handle: dana.handle });
    await addMember(
      owner.api,
      owner.session,
      note,
      { ...danaFound, role: "viewer" },
      { directory },
    );
    const danaSync = new SyncEngine(dana.api, dana.session);
    await danaSync.syncOnce();
    expect(readText(danaSync.note(note.id)?.doc ?? fail())).toBe(`${BEFORE}\nfrom bob`);

    const removal = await removeMember(owner.api, owner.session, note, bob.session.account.id, {
      directory,
    });
    expect(removal.rotated).toBe(true);
    expect(removal.members.map((m) => m.userId)).toEqual([
      owner.session.account.id,
      dana.session.account.id,
    ]);
    expect(note.cek).not.toEqual(oldCek);
    const gone = await bob.api.call("notes.get", { id: note.id }).catch((e: unknown) => e);
    expect(isProblem(gone, "note-not-found")).toBe(true);

    await editNote(owner.api, note, (doc) => appendParagraph(doc, "after rotation"));
    const sodium = await loadSodium();
    const state = await owner.api.call("notes.get", { id: note.id });
    expect(state.updates.length).toBeGreaterThan(0);
    for (const sealed of [state.snapshot ?? "", ...state.updates, state.metadata ?? ""]) {
      expect(() => openEnvelope(sodium, oldCek, note.id, sealed)).toThrow();
      expect(() => openEnvelope(sodium, note.cek, note.id, sealed)).not.toThrow();
    }

    // Dana stayed: her next sync adopts the new key and keeps reading.
    const result = await danaSync.syncOnce();
    expect(result.unreadable).toEqual([]);
    const danaNote = danaSync.note(note.id) ?? fail();
    expect(danaNote.cek).toEqual(note.cek);
    expect(readText(danaNote.doc)).toBe(`${BEFORE}\nfrom bob\nafter rotation`);

    // Carol never held the old key and still reads every line.
    await share(owner, note, carol, "viewer");
    const carolNote = await openNote(carol.api, carol.session, note.id);
    expect(readText(carolNote.doc)).toBe(`${BEFORE}\nfrom bob\nafter rotation`);
    const { members, etag } = await listMembers(carol.api, note.id);
    expect(etag).toMatch(/^"/);
    expect(members.map((m) => m.role)).toEqual(["owner", "viewer", "viewer"]);
  }, 60_000);

  it("lets a member leave with leaveNote: their sync drops the note, the owner cannot leave", async () => {
    const [owner, bob] = await Promise.all([user(), user()]);
    const note = await createNote(owner.api, owner.session, { title: "T", tags: [], text: BEFORE });
    await share(owner, note, bob, "viewer");
    const bobSync = new SyncEngine(bob.api, bob.session);
    await bobSync.syncOnce();
    expect(bobSync.note(note.id)).toBeDefined();

    await leaveNote(bob.api, note.id, bob.session);
    expect((await bobSync.syncOnce()).removed).toEqual([note.id]);
    expect(bobSync.note(note.id)).toBeUndefined();
    const { members } = await listMembers(owner.api, note.id);
    expect(members.map((m) => m.userId)).toEqual([owner.session.account.id]);
    const refused = await leaveNote(owner.api, note.id).catch((e: unknown) => e);
    expect(isProblem(refused, "owner-cannot-leave")).toBe(true);
  });

  it("relays live edits between rooms and closes a removed member's room", async () => {
    const [owner, bob] = await Promise.all([user(), user()]);
    const note = await createNote(owner.api, owner.session, { title: "Live", tags: [], text: "" });
    await share(owner, note, bob, "editor");
    const bobNote = await openNote(bob.api, bob.session, note.id);
    const ownerRoom = new LiveRoom({ api: owner.api, note, WebSocket });
    const bobRoom = new LiveRoom({ api: bob.api, note: bobNote, WebSocket });
    const removed = vi.fn();
    bobRoom.on("removed", removed);
    await Promise.all([ownerRoom.connect(), bobRoom.connect()]);
    await vi.waitFor(() => expect(ownerRoom.peers).toBe(2), { timeout: 10_000 });

    const origins: unknown[] = [];
    bobNote.doc.on("update", (_: Uint8Array, origin: unknown) => origins.push(origin));
    appendParagraph(note.doc, "typed live");
    await vi.waitFor(() => expect(readText(bobNote.doc)).toBe("\ntyped live"), {
      timeout: 10_000,
    });
    expect(origins).toEqual([LIVE_ORIGIN]);

    await removeMember(owner.api, owner.session, note, bob.session.account.id);
    await vi.waitFor(() => expect(removed).toHaveBeenCalledOnce(), { timeout: 10_000 });
    expect(bobRoom.state).toBe("closed");
    ownerRoom.close();
  }, 60_000);
});

function fail(): never {
  throw new Error("note missing");
}
