// Keeping an upload for resuming, as the upload worker does it (upload-keeping.ts): the
// file is kept sealed, listed without its bytes, and read back whole only under its key.
import "fake-indexeddb/auto";
import { fromBase64, loadSodium, openChunk } from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { sealLocal } from "../local-seal";
import { PendingUploads } from "../pending-uploads";
import { handleBackgroundRequest, newBackgroundState } from "./protocol";

const entry = {
  attachmentId: "0b9c3c56-51d9-4a34-9a51-0a6a3d0c7a11",
  noteId: "7d444840-9dc0-11d1-b245-5ffdce74fad2",
  name: "scan.pdf",
  type: "application/pdf",
  size: 30_000,
};

describe("keeping uploads in the background worker", () => {
  it("keeps the file sealed, lists it without its bytes and reads it back under its key", async () => {
    const pending = new PendingUploads("keeping-test");
    const state = { ...newBackgroundState(() => ({}) as never), uploads: pending };
    const key = new Uint8Array(32).fill(3);
    const bytes = new Uint8Array(entry.size).fill(0x5a);
    const file = new Blob([bytes]);

    expect(await handleBackgroundRequest(state, { type: "keepUpload", key, entry, file })).toEqual({
      type: "saved",
    });
    const [kept] = await pending.all();
    // Raw bytes, and no run of the file's 0x5a in them.
    expect(kept?.sealed).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(kept?.sealed as Uint8Array).toString("hex")).not.toContain("5a5a5a5a5a5a");
    expect(kept?.sealed.length).toBe(entry.size + 40);

    expect(await handleBackgroundRequest(state, { type: "listUploads" })).toEqual({
      type: "uploads",
      entries: [entry],
    });
    const read = await handleBackgroundRequest(state, {
      type: "readUpload",
      key,
      attachmentId: entry.attachmentId,
    });
    const back = read.type === "upload" ? read.file : undefined;
    expect(Buffer.from(await (back as Blob).arrayBuffer()).equals(bytes)).toBe(true);

    const otherKey = new Uint8Array(32).fill(4);
    expect(
      await handleBackgroundRequest(state, {
        type: "readUpload",
        key: otherKey,
        attachmentId: entry.attachmentId,
      }),
    ).toEqual({ type: "upload", file: undefined });
  });

  it("still opens an upload kept as Base64 before the worker kept them", async () => {
    const pending = new PendingUploads("keeping-legacy-test");
    const state = { ...newBackgroundState(() => ({}) as never), uploads: pending };
    const key = new Uint8Array(32).fill(3);
    const bytes = new Uint8Array(1000).fill(7);
    await pending.put({ ...entry, sealed: await sealLocal(key, bytes) });
    const read = await handleBackgroundRequest(state, {
      type: "readUpload",
      key,
      attachmentId: entry.attachmentId,
    });
    const back = read.type === "upload" ? read.file : undefined;
    expect(new Uint8Array(await (back as Blob).arrayBuffer())).toEqual(bytes);
  });

  it("seals a chunk as the SDK does: it opens under its file key, index and last flag", async () => {
    const state = newBackgroundState(() => ({}) as never);
    const fileKey = new Uint8Array(32).fill(7);
    const plaintext = new Uint8Array(4096).fill(1);
    const reply = await handleBackgroundRequest(state, {
      type: "sealChunk",
      fileKey,
      attachmentId: entry.attachmentId,
      index: 2,
      last: true,
      plaintext,
    });
    const data = reply.type === "chunk" ? reply.data : "";
    const sodium = await loadSodium();
    expect(openChunk(sodium, fileKey, entry.attachmentId, 2, true, fromBase64(data))).toEqual(
      plaintext,
    );
    expect(() =>
      openChunk(sodium, fileKey, entry.attachmentId, 2, false, fromBase64(data)),
    ).toThrow();
  });
});
