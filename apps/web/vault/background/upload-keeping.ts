// Keeping an upload for resuming after a reload (pending-uploads.ts) means sealing the
// whole file under the local "upload" key and writing it to IndexedDB, and resuming
// means reading and opening it again: for a 100 MB file, seconds of XChaCha20-Poly1305
// and Base64 in one task, which froze the tab when it ran there (BENCHMARKS.md,
// "Attachments"). These requests do it where they are handled: in a background worker
// of its own in the browser (upload-keeper.ts), in-process in tests. The file comes
// and goes as a Blob, a handle the worker reads itself, so no copy of it crosses.
// Each chunk is sealed there too (with its Base64): tens of milliseconds a MiB.
import { loadSodium, sealChunk, toBase64 } from "@notes/crypto";
import { openLocalBytes, sealLocalBytes } from "../local-seal";
import type { PendingUpload, PendingUploads } from "../pending-uploads";

/** What is kept of an upload besides its sealed bytes. */
export type KeptUpload = Omit<PendingUpload, "sealed">;

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
    };

export type UploadReply =
  | { type: "saved" }
  | { type: "uploads"; entries: KeptUpload[] }
  | { type: "upload"; file?: Blob | undefined }
  | { type: "chunk"; data: string };

export async function handleUploadRequest(
  pending: PendingUploads,
  request: UploadRequest,
): Promise<UploadReply> {
  switch (request.type) {
    case "keepUpload": {
      const bytes = new Uint8Array(await request.file.arrayBuffer());
      const sealed = await sealLocalBytes(request.key, bytes);
      await pending.put({ ...request.entry, sealed });
      return { type: "saved" };
    }
    case "listUploads":
      return {
        type: "uploads",
        entries: (await pending.all()).map(({ sealed: _, ...entry }) => entry),
      };
    case "readUpload": {
      const entry = await pending.get(request.attachmentId);
      const bytes = entry && (await openLocalBytes(request.key, entry.sealed));
      return { type: "upload", file: bytes ? new Blob([bytes.slice()]) : undefined };
    }
    case "sealChunk": {
      const { fileKey, attachmentId, index, last, plaintext } = request;
      const sealed = sealChunk(await loadSodium(), fileKey, attachmentId, index, last, plaintext);
      return { type: "chunk", data: toBase64(sealed) };
    }
  }
}
