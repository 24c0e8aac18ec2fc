// @notes/client end to end against the real server: two devices of one account, the
// vault flows (sign-up, sign-in, password change, recovery) and delta sync, while
// every request body is recorded to prove the server never sees plaintext.
import { randomBytes } from "node:crypto";
import {
  type ApiClient,
  appendParagraph,
  changePassword,
  createNote,
  editNote,
  isProblem,
  listNotesMetadata,
  openNote,
  readText,
  recover,
  replaceRecoveryKey,
  SyncEngine,
  signIn,
  signUp,
} from "@notes/client";
import { describe, expect, it } from "vitest";
import { sdkDevice } from "./support/sdk-device";

const sent: string[] = [];

/** One simulated device: its own source address, every request body recorded. */
function device(): ApiClient {
  return sdkDevice((url, init) => {
    if (typeof init.body === "string") sent.push(init.body);
    sent.push(url);
  });
}

const handle = () => `sdk_${randomBytes(6).toString("hex")}`;
const TITLE = "Plaintext title zebra-quartz";
const TEXT = "The secret line marmalade-oxygen\nsecond line";
const EDIT = "edited on device A: lantern-fjord";

describe("@notes/client against the server", () => {
  it("syncs an encrypted note between devices; the server sees no plaintext", async () => {
    const identifier = handle();
    const password = "correct horse battery staple";
    const a = device();
    const { session: sessionA, recoveryCode } = await signUp(a, { identifier, password });
    expect(recoveryCode).toMatch(/^([A-Z2-7]{4}-){12}[A-Z2-7]{4}$/);
    const note = await createNote(a, sessionA, { title: TITLE, tags: ["t1"], text: TEXT });

    const b = device();
    const sessionB = await signIn(b, { identifier, password });
    expect(sessionB.masterKey).toEqual(sessionA.masterKey);
    const syncB = new SyncEngine(b, sessionB);
    await syncB.syncOnce();
    expect(syncB.list()).toEqual([{ id: note.id, title: TITLE, tags: ["t1"], version: 0 }]);
    expect(readText(syncB.note(note.id)?.doc ?? fail())).toBe(TEXT);

    await editNote(a, note, (doc) => appendParagraph(doc, EDIT), { title: "Renamed", tags: [] });
    const { changed } = await syncB.syncOnce();
    expect(changed).toEqual([note.id]);
    expect(readText(syncB.note(note.id)?.doc ?? fail())).toBe(`${TEXT}\n${EDIT}`);
    expect(syncB.list()[0]).toMatchObject({ title: "Renamed", version: 1 });

    const reopened = await openNote(b, sessionB, note.id);
    expect(readText(reopened.doc)).toBe(`${TEXT}\n${EDIT}`);

    for (const body of sent) {
      for (const secret of [TITLE, "marmalade-oxygen", "lantern-fjord", "Renamed", password]) {
        expect(body).not.toContain(secret);
      }
    }
    expect(sent.join("\n")).not.toContain(recoveryCode);
  });

  it("compacts after 200 updates; a device behind the snapshot refetches the note", async () => {
    const identifier = handle();
    const password = "correct horse battery staple";
    const a = device();
    const { session } = await signUp(a, { identifier, password });
    const note = await createNote(a, session, { title: "Log", tags: [], text: "start" });
    const b = device();
    const syncB = new SyncEngine(b, await signIn(b, { identifier, password }));
    await syncB.syncOnce();

    for (let i = 1; i <= 205; i++) await editNote(a, note, (doc) => appendParagraph(doc, `${i}`));
    const state = await a.call("notes.get", { id: note.id });
    expect(state.version).toBe(205);
    // The 200th append found 200 updates above the snapshot and compacted them away.
    expect(state.snapshotVersion).toBe(200);
    expect(state.updates).toHaveLength(5);

    // B is at version 0, below the new snapshot: its incremental page carries no
    // snapshot, so it fetches the note and ends with every line.
    const { changed } = await syncB.syncOnce();
    expect(changed).toEqual([note.id]);
    const lines = readText(syncB.note(note.id)?.doc ?? fail()).split("\n");
    expect(lines).toHaveLength(206);
    expect(lines.at(-1)).toBe("205");
    expect(syncB.list()[0]?.version).toBe(205);
  }, 60_000);

  it("changes the password, then recovers with the code; notes stay readable", async () => {
    const identifier = handle();
    const a = device();
    const { session, recoveryCode } = await signUp(a, { identifier, password: "first pw" });
    const note = await createNote(a, session, { title: "kept", tags: [], text: "still here" });

    await changePassword(a, session, { currentPassword: "first pw", newPassword: "second pw" });
    const old = await signIn(device(), { identifier, password: "first pw" }).catch((e) => e);
    expect(isProblem(old, "authentication-failed")).toBe(true);
    const changed = await signIn(device(), { identifier, password: "second pw" });
    expect(changed.masterKey).toEqual(session.masterKey);

    const c = device();
    const recovered = await recover(c, {
      identifier,
      recoveryCode: recoveryCode.toLowerCase(),
      newPassword: "third pw",
    });
    expect(recovered.masterKey).toEqual(session.masterKey);
    expect(readText((await openNote(c, recovered, note.id)).doc)).toBe("still here");
    const d = device();
    const afterRecovery = await signIn(d, { identifier, password: "third pw" });
    expect(readText((await openNote(d, afterRecovery, note.id)).doc)).toBe("still here");
    const stale = await signIn(device(), { identifier, password: "second pw" }).catch((e) => e);
    expect(isProblem(stale, "authentication-failed")).toBe(true);
    expect(sent.join("\n")).not.toContain(recoveryCode);
  });

  it("replaces the recovery code: the new one recovers, the old one is refused", async () => {
    const identifier = handle();
    const a = device();
    const { session, recoveryCode } = await signUp(a, { identifier, password: "pw one" });
    const wrong = await replaceRecoveryKey(a, session, "not the password").catch((e) => e);
    expect(isProblem(wrong, "credential-rejected")).toBe(true);
    const fresh = await replaceRecoveryKey(a, session, "pw one");
    expect(fresh).toMatch(/^([A-Z2-7]{4}-){12}[A-Z2-7]{4}$/);
    expect(fresh).not.toBe(recoveryCode);
    const old = await recover(device(), {
      identifier,
      recoveryCode,
      newPassword: "pw two",
    }).catch((e) => e);
    expect(isProblem(old, "authentication-failed")).toBe(true);
    const recovered = await recover(device(), {
      identifier,
      recoveryCode: fresh,
      newPassword: "pw two",
    });
    expect(recovered.masterKey).toEqual(session.masterKey);
    expect(sent.join("\n")).not.toContain(fresh);
  });

  it("walks a full sync in pages of the size asked, reporting each page as it lands", async () => {
    const a = device();
    const { session } = await signUp(a, { identifier: handle(), password: "pw pages" });
    const made: string[] = [];
    for (let i = 0; i < 5; i++)
      made.push((await createNote(a, session, { title: `n${i}`, tags: [], text: `${i}` })).id);
    const pages: { applied: number; changed: string[] }[] = [];
    const from = sent.length;
    const paging = { firstPageSize: 1, pageSize: 2, sliceMs: 0 };
    const sync = new SyncEngine(a, session, undefined, paging);
    const result = await sync.syncOnce((progress) => {
      pages.push(progress);
    });
    expect(pages.map((p) => p.changed.length)).toEqual([1, 2, 2]);
    expect(pages.map((p) => p.applied)).toEqual([1, 3, 5]);
    expect(pages.flatMap((p) => p.changed).sort()).toEqual([...made].sort());
    expect(result.changed.sort()).toEqual([...made].sort());
    const reads = sent.slice(from).filter((s) => s.includes("/v1/changes"));
    expect(reads).toHaveLength(3);
    expect(reads[0]).toContain("pageSize=1");
    for (const url of reads.slice(1)) expect(url).toContain("pageSize=2");
    expect(sync.list().map((n) => n.title)).toEqual(["n0", "n1", "n2", "n3", "n4"]);
  });

  it("lists every note's metadata once, walking from both ends until the walks meet", async () => {
    const a = device();
    const { session } = await signUp(a, { identifier: handle(), password: "pw both ends" });
    const made: string[] = [];
    for (let i = 0; i < 23; i++)
      made.push((await createNote(a, session, { title: `m${i}`, tags: [], text: "" })).id);
    // One renamed after the rest: its seq is the newest, its old one is gone.
    const renamed = made[3] ?? fail();
    const opened = await openNote(a, session, renamed);
    await editNote(a, opened, (doc) => appendParagraph(doc, "x"), {
      title: "m3 renamed",
      tags: [],
    });
    const from = sent.length;
    const pages: string[][] = [];
    const listed = await listNotesMetadata(
      a,
      session,
      (notes) => {
        pages.push(notes.map((n) => n.metadata.title));
      },
      { firstPageSize: 2, pageSize: 4 },
    );
    const titles = pages.flat();
    expect(listed).toBe(23);
    expect(new Set(titles).size).toBe(23);
    expect(titles).toContain("m3 renamed");
    expect(pages[0]).toEqual(["m3 renamed", "m22"]);
    const reads = sent.slice(from).filter((s) => s.includes("/v1/changes"));
    // The newest walk's first page, then both walks: fewer pages than one walk's 7.
    expect(reads[0]).toContain("order=newest");
    expect(reads.some((url) => !url.includes("pageToken") && !url.includes("order="))).toBe(true);
    expect(reads.length).toBeLessThanOrEqual(8);
    for (const url of reads) expect(url).toContain("snapshots=false");
  });
});

function fail(): never {
  throw new Error("note missing from sync");
}
