// Signed note content (issue 21): the server stores signature blocks beside the
// ciphertext they sign and serves them only with it: snapshotSignature with the
// snapshot, metadataSignature with the metadata, updateSignatures aligned with the
// updates (null where unsigned, absent when none is signed). Compaction and new
// metadata replace what they replace, signatures included; the previous compaction
// keeps them; tombstones carry none; usage never counts them.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { SignedUp } from "./support/accounts";
import { append, blob, type ChangesPage, syncAll, usage } from "./support/notes";
import { setMembers, sharer } from "./support/sharing";
import { signedBy } from "./support/signatures";

interface SignedState {
  id: string;
  version: number;
  snapshot?: string;
  metadata?: string;
  updates: string[];
  snapshotSignature?: string;
  metadataSignature?: string;
  updateSignatures?: (string | null)[];
  deleted: boolean;
}

async function create(user: SignedUp, signed: boolean, bytes = 200) {
  const body = {
    id: randomUUID(),
    metadata: blob(40),
    snapshot: blob(bytes),
    wrappedCek: blob(80),
    ...(signed && {
      snapshotSignature: signedBy(user.accountId),
      metadataSignature: signedBy(user.accountId),
    }),
  };
  const res = await user.client.call("POST", "/v1/notes", { token: user.token, body });
  expect(res.status, res.text).toBe(201);
  return body;
}

async function read(user: SignedUp, id: string): Promise<SignedState> {
  const res = await user.client.call<SignedState>("GET", `/v1/notes/${id}`, { token: user.token });
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function synced(user: SignedUp, id: string, query = ""): Promise<SignedState | undefined> {
  const { pages } = await syncAll(user, query);
  const all = pages.flatMap((p) => p.body.changes) as (ChangesPage["changes"][number] &
    SignedState)[];
  return all.find((c) => c.id === id);
}

function compact(user: SignedUp, id: string, body: Record<string, unknown>) {
  return user.client.call("POST", `/v1/notes/${id}:compact`, { token: user.token, body });
}

describe("signed notes", () => {
  it("echo the signatures given at creation in GET /v1/notes/{id} and GET /v1/changes", async () => {
    const user = await sharer();
    const note = await create(user, true);
    const expected = {
      snapshot: note.snapshot,
      snapshotSignature: note.snapshotSignature,
      metadata: note.metadata,
      metadataSignature: note.metadataSignature,
      updates: [],
    };
    const single = await read(user, note.id);
    expect(single).toMatchObject(expected);
    expect(single).not.toHaveProperty("updateSignatures");
    expect(await synced(user, note.id)).toMatchObject(expected);
    // Without the snapshot on the entry, its signature stays away too.
    const lean = await synced(user, note.id, "snapshots=false");
    expect(lean).toMatchObject({ metadataSignature: note.metadataSignature });
    expect(lean).not.toHaveProperty("snapshot");
    expect(lean).not.toHaveProperty("snapshotSignature");
    // An unsigned note carries none of the members.
    const plain = await read(user, (await create(user, false)).id);
    for (const member of ["snapshotSignature", "metadataSignature", "updateSignatures"])
      expect(plain).not.toHaveProperty(member);
  });

  it("align updateSignatures with updates, null for an unsigned one, for every member", async () => {
    const owner = await sharer();
    const editor = await sharer();
    const note = await create(owner, false);
    await setMembers(owner, note.id, [{ userId: editor.accountId, role: "editor" }]);
    // Unsigned updates alone: no updateSignatures.
    expect((await append(owner, note.id, { updates: [blob(10)] })).status).toBe(200);
    expect(await read(owner, note.id)).not.toHaveProperty("updateSignatures");

    const ownerSigs = [signedBy(owner.accountId), signedBy(owner.accountId)];
    const signed = {
      token: owner.token,
      body: { updates: [blob(10), blob(10)], signatures: ownerSigs },
    };
    expect((await owner.client.call("POST", `/v1/notes/${note.id}/updates`, signed)).status).toBe(
      200,
    );
    expect((await append(editor, note.id, { updates: [blob(10)] })).status).toBe(200);
    const editorSig = signedBy(editor.accountId);
    const byEditor = await editor.client.call("POST", `/v1/notes/${note.id}/updates`, {
      token: editor.token,
      body: { updates: [blob(10)], signatures: [editorSig] },
    });
    expect(byEditor.status, byEditor.text).toBe(200);

    const aligned = [null, ...ownerSigs, null, editorSig];
    for (const reader of [owner, editor]) {
      const state = await read(reader, note.id);
      expect(state.updates).toHaveLength(5);
      expect(state.updateSignatures).toEqual(aligned);
      expect((await synced(reader, note.id))?.updateSignatures).toEqual(aligned);
    }
  });

  it("replace the metadata's signature with the metadata: new metadata without one is unsigned", async () => {
    const user = await sharer();
    const note = await create(user, true);
    const signedMetadata = { metadata: blob(40), metadataSignature: signedBy(user.accountId) };
    const put = await user.client.call("POST", `/v1/notes/${note.id}/updates`, {
      token: user.token,
      body: { updates: [], ...signedMetadata },
    });
    expect(put.status, put.text).toBe(200);
    expect(await read(user, note.id)).toMatchObject(signedMetadata);
    // Updates alone leave the metadata and its signature as they were.
    expect((await append(user, note.id, { updates: [blob(10)] })).status).toBe(200);
    expect(await read(user, note.id)).toMatchObject(signedMetadata);
    const plain = blob(40);
    expect((await append(user, note.id, { updates: [], metadata: plain })).status).toBe(200);
    const after = await read(user, note.id);
    expect(after.metadata).toBe(plain);
    expect(after).not.toHaveProperty("metadataSignature");
    // The snapshot's signature is untouched by either.
    expect(after.snapshotSignature).toBe(note.snapshotSignature);
  });

  it("follow compaction: pruned updates take theirs to the previous compaction, the new snapshot brings its own", async () => {
    const user = await sharer();
    const note = await create(user, true);
    const sigs = [signedBy(user.accountId), signedBy(user.accountId), signedBy(user.accountId)];
    const appended = await user.client.call("POST", `/v1/notes/${note.id}/updates`, {
      token: user.token,
      body: { updates: [blob(10), blob(10), blob(10)], signatures: sigs },
    });
    expect(appended.status, appended.text).toBe(200);

    const snapshotSignature = signedBy(user.accountId);
    const first = await compact(user, note.id, {
      snapshot: blob(100),
      coversVersion: 2,
      snapshotSignature,
    });
    expect(first.status, first.text).toBe(200);
    const state = await read(user, note.id);
    expect(state).toMatchObject({ snapshotSignature, updateSignatures: [sigs[2]] });
    expect(state.metadataSignature).toBe(note.metadataSignature);
    const kept = await user.client.call("GET", `/v1/notes/${note.id}/previous-compaction`, {
      token: user.token,
    });
    expect(kept.body).toMatchObject({
      snapshot: note.snapshot,
      snapshotSignature: note.snapshotSignature,
      updateSignatures: [sigs[0], sigs[1]],
    });

    // Without snapshotSignature the new snapshot is unsigned; new metadata without its
    // signature likewise. Nothing is left above the snapshot, so no updateSignatures.
    const second = await compact(user, note.id, {
      snapshot: blob(100),
      coversVersion: 3,
      metadata: blob(40),
    });
    expect(second.status, second.text).toBe(200);
    const bare = await read(user, note.id);
    for (const member of ["snapshotSignature", "metadataSignature", "updateSignatures"])
      expect(bare).not.toHaveProperty(member);
  });

  it("count in no usage and leave tombstones bare", async () => {
    const user = await sharer();
    const start = (await usage(user)).accountBytes;
    await create(user, false, 300);
    const unsigned = (await usage(user)).accountBytes - start;
    const note = await create(user, true, 300);
    expect((await usage(user)).accountBytes - start).toBe(2 * unsigned);
    const before = (await usage(user)).accountBytes;
    const res = await user.client.call("POST", `/v1/notes/${note.id}/updates`, {
      token: user.token,
      body: { updates: [blob(25)], signatures: [signedBy(user.accountId)] },
    });
    expect(res.status, res.text).toBe(200);
    expect((await usage(user)).accountBytes).toBe(before + 25);

    const gone = await user.client.call("DELETE", `/v1/notes/${note.id}`, { token: user.token });
    expect(gone.status).toBe(204);
    const tombstone = await synced(user, note.id);
    expect(tombstone).toMatchObject({ deleted: true, updates: [] });
    for (const member of ["snapshotSignature", "metadataSignature", "updateSignatures"])
      expect(tombstone).not.toHaveProperty(member);
  });

  it("are ignored on a repeated requestId, as its updates are", async () => {
    const user = await sharer();
    const note = await create(user, false);
    const requestId = randomUUID();
    const first = [signedBy(user.accountId)];
    const body = { updates: [blob(10)], signatures: first, requestId };
    const call = (b: Record<string, unknown>) =>
      user.client.call("POST", `/v1/notes/${note.id}/updates`, { token: user.token, body: b });
    const a = await call(body);
    const b = await call({ ...body, signatures: [signedBy(user.accountId)] });
    expect(b.body).toEqual(a.body);
    expect((await read(user, note.id)).updateSignatures).toEqual(first);
  });
});
