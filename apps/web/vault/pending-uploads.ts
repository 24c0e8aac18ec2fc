// Uploads not finished yet, kept in this browser so a reload (or a closed tab, or going
// offline) resumes them (issue 36). Each entry's file is kept sealed under a key
// derived from the master key, as the other local blobs are (local-seal.ts): a
// pasted image is plaintext nowhere on the device but in memory. The file is kept in
// pieces, one IndexedDB value each (background/upload-keeping.ts): Chromium refuses a
// value of ~140 MB, so a file kept whole could not resume past ~130 MB. A database of
// its own, so the vault's schema version does not move for it.
import { type DBSchema, type IDBPDatabase, openDB } from "idb";

export interface PendingUpload {
  attachmentId: string;
  noteId: string;
  name: string;
  type: string;
  size: number;
  /** How many pieces the file is kept in (the "pieces" store, by [attachmentId, index]). */
  pieces?: number;
  /**
   * The file sealed whole, as kept before it was kept in pieces (local-seal.ts, purpose
   * "upload"): raw bytes, or Base64 as kept before a worker kept uploads. Still opened.
   */
  sealed?: Uint8Array | string;
  /** Its preview, when it is an image (a data: URL, also sealed into the attachment's metadata). */
  thumbnail?: string;
  width?: number;
  height?: number;
}

interface UploadsSchema extends DBSchema {
  pending: { key: string; value: PendingUpload };
  /** A kept file's sealed pieces, by [attachmentId, index]. */
  pieces: { key: [string, number]; value: Uint8Array };
}

/** Every piece key of one upload. */
const piecesOf = (attachmentId: string) =>
  IDBKeyRange.bound([attachmentId, 0], [attachmentId, Number.MAX_SAFE_INTEGER]);

export class PendingUploads {
  private opening: Promise<IDBPDatabase<UploadsSchema>> | undefined;

  constructor(private readonly name = "notes-uploads") {}

  private db() {
    this.opening ??= openDB<UploadsSchema>(this.name, 2, {
      upgrade(db, from) {
        if (from < 1) db.createObjectStore("pending", { keyPath: "attachmentId" });
        if (from < 2) db.createObjectStore("pieces");
      },
      // A newer version (another tab, updated) waits for this connection: let it go,
      // and open again on next use.
      blocking: () => {
        void this.opening?.then((db) => db.close());
        this.opening = undefined;
      },
    });
    return this.opening;
  }

  async put(upload: PendingUpload): Promise<void> {
    await (await this.db()).put("pending", upload);
  }

  async all(): Promise<PendingUpload[]> {
    return (await this.db()).getAll("pending");
  }

  async get(attachmentId: string): Promise<PendingUpload | undefined> {
    return (await this.db()).get("pending", attachmentId);
  }

  async putPiece(attachmentId: string, index: number, sealed: Uint8Array): Promise<void> {
    await (await this.db()).put("pieces", sealed, [attachmentId, index]);
  }

  async piece(attachmentId: string, index: number): Promise<Uint8Array | undefined> {
    return (await this.db()).get("pieces", [attachmentId, index]);
  }

  /** The upload and its pieces, in one transaction. */
  async remove(attachmentId: string): Promise<void> {
    const tx = (await this.db()).transaction(["pending", "pieces"], "readwrite");
    await Promise.all([
      tx.objectStore("pending").delete(attachmentId),
      tx.objectStore("pieces").delete(piecesOf(attachmentId)),
      tx.done,
    ]);
  }

  /** Its pieces only (before an upload of the same id is kept again). */
  async removePieces(attachmentId: string): Promise<void> {
    await (await this.db()).delete("pieces", piecesOf(attachmentId));
  }

  async clear(): Promise<void> {
    const tx = (await this.db()).transaction(["pending", "pieces"], "readwrite");
    await Promise.all([
      tx.objectStore("pending").clear(),
      tx.objectStore("pieces").clear(),
      tx.done,
    ]);
  }
}
