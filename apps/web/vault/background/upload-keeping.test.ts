// Keeping an upload for resuming, as the upload worker does it (upload-keeping.ts): the
// file is kept sealed, listed without its bytes, and read back whole only under its key.
import "fake-indexeddb/auto";
import {
  DecryptionFailed,
  fromBase64,
  InvalidAttachment,
  loadSodium,
  openChunk,
  sealChunk,
  toBase64,
} from "@notes/crypto";
import { describe, expect, it } from "vitest";
import { sealLocal } from "../local-seal";
import { PendingUploads } from "../pending-uploads";
import { refusalOf } from "../upload-keeper";
import { handleBackgroundRequest, newBackgroundState } from "./protocol";
import { handleUploadRequest } from "./upload-keeping";

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
    // One piece (the file is under PIECE_BYTES): raw bytes, the file's 0x5a nowhere.
    const [kept] = await pending.all();
    expect(kept).toEqual({ ...entry, pieces: 1 });
    const piece = await pending.piece(entry.attachmentId, 0);
    expect(piece).toBeInstanceOf(Uint8Array);
    expect(Buffer.from(piece as Uint8Array).toString("hex")).not.toContain("5a5a5a5a5a5a");
    expect(piece?.length).toBe(entry.size + 40);

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
    const data = reply.type === "chunk" && typeof reply.data === "string" ? reply.data : "";
    const sodium = await loadSodium();
    expect(openChunk(sodium, fileKey, entry.attachmentId, 2, true, fromBase64(data))).toEqual(
      plaintext,
    );
    expect(() =>
      openChunk(sodium, fileKey, entry.attachmentId, 2, false, fromBase64(data)),
    ).toThrow();
    // For the object store (direct transfer): the same seal, as bytes.
    const raw = await handleBackgroundRequest(state, {
      type: "sealChunk",
      fileKey,
      attachmentId: entry.attachmentId,
      index: 2,
      last: true,
      plaintext,
      as: "bytes",
    });
    const bytes = raw.type === "chunk" && raw.data instanceof Uint8Array ? raw.data : undefined;
    expect(openChunk(sodium, fileKey, entry.attachmentId, 2, true, bytes as Uint8Array)).toEqual(
      plaintext,
    );
  });

  it("opens a downloaded chunk from Base64 or bytes, and refuses one moved to another place", async () => {
    const state = newBackgroundState(() => ({}) as never);
    const sodium = await loadSodium();
    const fileKey = new Uint8Array(32).fill(5);
    const plaintext = new Uint8Array(4096).fill(3);
    const sealed = sealChunk(sodium, fileKey, entry.attachmentId, 1, false, plaintext);
    for (const form of [sealed, toBase64(sealed)]) {
      const reply = await handleBackgroundRequest(state, {
        type: "openChunk",
        fileKey,
        attachmentId: entry.attachmentId,
        index: 1,
        last: false,
        sealed: form,
      });
      expect(reply.type === "chunkOpened" && reply.plaintext).toEqual(plaintext);
    }
    await expect(
      handleBackgroundRequest(state, {
        type: "openChunk",
        fileKey,
        attachmentId: entry.attachmentId,
        index: 2,
        last: false,
        sealed,
      }),
    ).rejects.toThrow(DecryptionFailed);
    // From the worker a refusal arrives as "Name: message"; the keeper names it again.
    const again = refusalOf(new Error("DecryptionFailed: chunk 2 could not be opened"));
    expect(again).toBeInstanceOf(DecryptionFailed);
    expect(refusalOf(new Error("InvalidAttachment: cut short"))).toBeInstanceOf(InvalidAttachment);
    const other = new Error("closed");
    expect(refusalOf(other)).toBe(other);
  });

  describe("in pieces (a file of any size resumes)", () => {
    const key = new Uint8Array(32).fill(9);
    const bytes = Uint8Array.from({ length: 2_500 }, (_, i) => i % 251);
    const read = async (pending: PendingUploads) => {
      const reply = await handleUploadRequest(pending, {
        type: "readUpload",
        key,
        attachmentId: entry.attachmentId,
      });
      const file = reply.type === "upload" ? reply.file : undefined;
      return file && new Uint8Array(await file.arrayBuffer());
    };
    // Pieces of 1,000 bytes here: 2,500 bytes are kept in three.
    const keep = (pending: PendingUploads, data: Uint8Array) =>
      handleUploadRequest(
        pending,
        { type: "keepUpload", key, entry, file: new Blob([data.slice()]) },
        1_000,
      );

    it("keeps each piece sealed on its own and reads them back in order", async () => {
      const pending = new PendingUploads("pieces-test");
      await keep(pending, bytes);
      expect((await pending.get(entry.attachmentId))?.pieces).toBe(3);
      expect((await pending.piece(entry.attachmentId, 2))?.length).toBe(500 + 40);
      expect(await read(pending)).toEqual(bytes);
      // Kept again under the same id: the new file replaces every piece of the old.
      await keep(pending, bytes.slice(0, 1_200));
      expect((await pending.get(entry.attachmentId))?.pieces).toBe(2);
      expect(await pending.piece(entry.attachmentId, 2)).toBeUndefined();
      expect(await read(pending)).toEqual(bytes.slice(0, 1_200));
      // Removed: the entry and its pieces.
      await pending.remove(entry.attachmentId);
      expect(await pending.piece(entry.attachmentId, 0)).toBeUndefined();
      expect(await read(pending)).toBeUndefined();
    });

    it("refuses pieces reordered, cut short, taken from another upload or missing", async () => {
      const pending = new PendingUploads("pieces-hostile-test");
      await keep(pending, bytes);
      const [p0, p1, p2] = await Promise.all(
        [0, 1, 2].map(async (i) => (await pending.piece(entry.attachmentId, i)) as Uint8Array),
      );
      // Swapped.
      await pending.putPiece(entry.attachmentId, 0, p1 as Uint8Array);
      await pending.putPiece(entry.attachmentId, 1, p0 as Uint8Array);
      expect(await read(pending)).toBeUndefined();
      await pending.putPiece(entry.attachmentId, 0, p0 as Uint8Array);
      await pending.putPiece(entry.attachmentId, 1, p1 as Uint8Array);
      expect(await read(pending)).toEqual(bytes);
      // Cut short: two pieces said, the second is not the last.
      await pending.put({ ...entry, pieces: 2 });
      expect(await read(pending)).toBeUndefined();
      // Missing.
      await pending.put({ ...entry, pieces: 3 });
      await pending.removePieces(entry.attachmentId);
      await pending.putPiece(entry.attachmentId, 0, p0 as Uint8Array);
      await pending.putPiece(entry.attachmentId, 2, p2 as Uint8Array);
      expect(await read(pending)).toBeUndefined();
      // Another upload's piece in its place.
      const other = { ...entry, attachmentId: "5f0f2a4e-7d3b-4f7e-9a51-0a6a3d0c7a12" };
      await handleUploadRequest(
        pending,
        { type: "keepUpload", key, entry: other, file: new Blob([bytes]) },
        1_000,
      );
      await pending.putPiece(
        entry.attachmentId,
        1,
        (await pending.piece(other.attachmentId, 1)) as Uint8Array,
      );
      expect(await read(pending)).toBeUndefined();
    });
  });
});
