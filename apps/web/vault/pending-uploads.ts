// Uploads not finished yet, kept in this browser so a reload (or a closed tab, or going
// offline) resumes them (issue 36). Each entry holds the file sealed under a key
// derived from the master key, as the other local blobs are (local-seal.ts): a
// pasted image is plaintext nowhere on the device but in memory. A database of its
// own, so the vault's schema version does not move for it.
import { type DBSchema, type IDBPDatabase, openDB } from "idb";

export interface PendingUpload {
  attachmentId: string;
  noteId: string;
  name: string;
  type: string;
  size: number;
  /**
   * The file, sealed (local-seal.ts, purpose "upload"): raw bytes, or Base64 as kept
   * before uploads were kept by a worker.
   */
  sealed: Uint8Array | string;
  /** Its preview, when it is an image (a data: URL, also sealed into the attachment's metadata). */
  thumbnail?: string;
  width?: number;
  height?: number;
}

interface UploadsSchema extends DBSchema {
  pending: { key: string; value: PendingUpload };
}

export class PendingUploads {
  private opening: Promise<IDBPDatabase<UploadsSchema>> | undefined;

  constructor(private readonly name = "notes-uploads") {}

  private db() {
    this.opening ??= openDB<UploadsSchema>(this.name, 1, {
      upgrade(db) {
        db.createObjectStore("pending", { keyPath: "attachmentId" });
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

  async remove(attachmentId: string): Promise<void> {
    await (await this.db()).delete("pending", attachmentId);
  }

  async clear(): Promise<void> {
    await (await this.db()).clear("pending");
  }
}
