// Keeping an upload for resuming after a reload (pending-uploads.ts) means sealing the
// file under the local "upload" key and writing it to IndexedDB, and resuming means
// reading and opening it again: for a 100 MB file, seconds of XChaCha20-Poly1305, which
// froze the tab when it ran there (BENCHMARKS.md, "Attachments"). These requests do it
// where they are handled: in a background worker of its own in the browser
// (upload-keeper.ts), in-process in tests. The file comes and goes as a Blob, a handle
// the worker reads itself, so no copy of it crosses.
//
// The file is kept in pieces of PIECE_BYTES, read, sealed and written one at a time (a
// file of any size the browser lets the origin store resumes, and the worker never
// holds more than a piece), each sealed as the SDK seals an upload's chunks (the
// attachment id, the piece's index and a last-piece flag bound in), so pieces cannot
// be reordered, swapped between uploads or cut short unseen. The entry is written
// after its pieces: a kept entry always has every piece.
// Each chunk the upload sends is sealed here too (with its Base64): tens of ms a MiB.
import { fromBase64, loadSodium, openChunk, sealChunk, toBase64 } from "@notes/crypto";
import { openLocalBytes } from "../local-seal";
import type { PendingUpload, PendingUploads } from "../pending-uploads";

/** What is kept of an upload besides its sealed bytes. */
export type KeptUpload = Omit<PendingUpload, "sealed" | "pieces">;

/** Plaintext bytes per kept piece: 8 MiB, far under what one IndexedDB value may be. */
export const PIECE_BYTES = 8 * 2 ** 20;

export type UploadRequest =
  /** Seals `file` under `key` and keeps it with `entry`, replacing one of the same id. */
  | { type: "keepUpload"; key: Uint8Array; entry: KeptUpload; file: Blob }
  /** The uploads kept, without their bytes. */
  | { type: "listUploads" }
  /** One kept upload's file, opened; none when it is gone or does not open under `key`. */
  | { type: "readUpload"; key: Uint8Array; attachmentId: string }
  /** One chunk sealed as the SDK's uploadAttachment seals it (a ChunkSealer's work). */
  | {
      type: "sealChunk";
      fileKey: Uint8Array;
      attachmentId: string;
      index: number;
      last: boolean;
      plaintext: Uint8Array;
      /** Bytes for the object store (direct transfer), Base64 (the default) for the chunk route. */
      as?: "base64" | "bytes" | undefined;
    }
  /** One downloaded chunk opened as the SDK's download opens it (a ChunkOpener's work). */
  | {
      type: "openChunk";
      fileKey: Uint8Array;
      attachmentId: string;
      index: number;
      last: boolean;
      /** Base64 from the chunk route, bytes from the object store. */
      sealed: string | Uint8Array;
    };

export type UploadReply =
  | { type: "saved" }
  | { type: "uploads"; entries: KeptUpload[] }
  | { type: "upload"; file?: Blob | undefined }
  | { type: "chunk"; data: string | Uint8Array }
  | { type: "chunkOpened"; plaintext: Uint8Array };

export async function handleUploadRequest(
  pending: PendingUploads,
  request: UploadRequest,
  pieceBytes = PIECE_BYTES,
): Promise<UploadReply> {
  switch (request.type) {
    case "keepUpload": {
      const { key, entry, file } = request;
      const sodium = await loadSodium();
      const pieces = Math.max(1, Math.ceil(file.size / pieceBytes));
      // An entry of the same id first goes, pieces and all: none of it may be mixed in.
      await pending.remove(entry.attachmentId);
      try {
        for (let index = 0; index < pieces; index++) {
          const slice = file.slice(index * pieceBytes, (index + 1) * pieceBytes);
          const plaintext = new Uint8Array(await slice.arrayBuffer());
          const last = index === pieces - 1;
          const sealed = sealChunk(sodium, key, entry.attachmentId, index, last, plaintext);
          await pending.putPiece(entry.attachmentId, index, sealed);
        }
        await pending.put({ ...entry, pieces });
      } catch (error) {
        // The browser would not keep it all (its storage quota): keep none of it.
        await pending.remove(entry.attachmentId).catch(() => undefined);
        throw error;
      }
      return { type: "saved" };
    }
    case "listUploads":
      return {
        type: "uploads",
        entries: (await pending.all()).map(({ sealed: _, pieces: __, ...entry }) => entry),
      };
    case "readUpload":
      return { type: "upload", file: await readKept(pending, request.key, request.attachmentId) };
    case "sealChunk": {
      const { fileKey, attachmentId, index, last, plaintext, as } = request;
      const sealed = sealChunk(await loadSodium(), fileKey, attachmentId, index, last, plaintext);
      return { type: "chunk", data: as === "bytes" ? sealed : toBase64(sealed) };
    }
    case "openChunk": {
      const { fileKey, attachmentId, index, last, sealed } = request;
      const bytes = typeof sealed === "string" ? fromBase64(sealed) : sealed;
      const plaintext = openChunk(await loadSodium(), fileKey, attachmentId, index, last, bytes);
      return { type: "chunkOpened", plaintext };
    }
  }
}

/** The kept file, opened; undefined when it is gone, incomplete or will not open under `key`. */
async function readKept(
  pending: PendingUploads,
  key: Uint8Array,
  attachmentId: string,
): Promise<Blob | undefined> {
  const entry = await pending.get(attachmentId);
  if (!entry) return undefined;
  if (entry.sealed !== undefined) {
    const bytes = await openLocalBytes(key, entry.sealed);
    return bytes ? new Blob([bytes.slice()]) : undefined;
  }
  const sodium = await loadSodium();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  const pieces = entry.pieces ?? 0;
  for (let index = 0; index < pieces; index++) {
    const sealed = await pending.piece(attachmentId, index);
    if (!sealed) return undefined;
    try {
      parts.push(openChunk(sodium, key, attachmentId, index, index === pieces - 1, sealed).slice());
    } catch {
      return undefined;
    }
  }
  return new Blob(parts);
}
