// NoteEditor: watches a note's Yjs document and appends each local update, sealed
// under the content key and signed, to POST /v1/notes/{id}/updates. Each batch carries a fresh
// requestId that is reused on every retry of that batch, so a retry after a lost
// answer never appends twice (contract.md §5). Server data (REMOTE_ORIGIN) and peers'
// live-room frames (LIVE_ORIGIN) are not local edits and are never appended.
import { copyMetadata, loadSodium, type NoteMetadata } from "@notes/crypto";
import type * as Y from "yjs";
import type { ApiClient } from "../api/client";
import type { NoteCoordinates } from "../api/types";
import { keyTransparencyFor } from "../trust/key-transparency";
import { seenHeadOf } from "../trust/seen-heads";
import { clocksOf } from "../trust/served-state";
import type { Session } from "../vault/session";
import { afterAppend } from "./after-append";
import { isRemoteOrigin, type OpenNote } from "./open-state";
import { withRetry } from "./retry";
import { sealNoteMetadata, sealUpdates } from "./seal-content";

export class NoteEditor {
  private pending: Uint8Array[] = [];
  private pendingMetadata: NoteMetadata | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly onUpdate = (update: Uint8Array, origin: unknown) => {
    if (!isRemoteOrigin(origin)) this.pending.push(update);
  };

  /** `session` lets compaction follow a content-key rotation it discovers. */
  constructor(
    private readonly api: ApiClient,
    readonly note: OpenNote,
    private readonly session?: Session,
  ) {
    note.doc.on("update", this.onUpdate);
  }

  get doc(): Y.Doc {
    return this.note.doc;
  }

  /**
   * Appends `update` with the next flush as if typed here: a removed member's last
   * live text that its refused append never stored (LiveRoom `adopt`).
   */
  adopt(update: Uint8Array): void {
    this.pending.push(update);
  }

  /** Title or tags change; sent (sealed) with the next flush. */
  setMetadata(metadata: NoteMetadata): void {
    this.pendingMetadata = copyMetadata(metadata);
  }

  /** Sends everything pending; flushes run one at a time, in order. */
  flush(): Promise<NoteCoordinates | undefined> {
    const run = this.queue.then(() => this.send());
    this.queue = run.catch(() => undefined);
    return run;
  }

  destroy(): void {
    this.note.doc.off("update", this.onUpdate);
  }

  private async send(): Promise<NoteCoordinates | undefined> {
    const updates = this.pending;
    const metadata = this.pendingMetadata;
    if (updates.length === 0 && metadata === undefined) return undefined;
    this.pending = [];
    this.pendingMetadata = undefined;
    const { note } = this;
    const sodium = await loadSodium();
    const body = {
      id: note.id,
      requestId: crypto.randomUUID(),
      ...sealUpdates(sodium, note, updates),
      ...(metadata
        ? sealNoteMetadata(sodium, note, metadata, seenHeadOf(keyTransparencyFor(this.api)))
        : { metadata: null }),
    };
    let coordinates: NoteCoordinates;
    try {
      coordinates = await withRetry(() => this.api.call("notes.append", body));
    } catch (error) {
      // Keep the batch for the next flush (it then gets a new requestId: Yjs updates
      // are idempotent, so a duplicate after an unknown outcome costs only a version).
      this.pending = [...updates, ...this.pending];
      this.pendingMetadata ??= metadata;
      throw error;
    }
    if (metadata) note.metadata = metadata;
    await afterAppend(
      this.api,
      note,
      { at: coordinates, updateCount: updates.length, clocks: updates.map(clocksOf) },
      this.session,
    );
    return coordinates;
  }
}

/** One-shot edit: apply `change` to the document (and optional metadata), then flush. */
export async function editNote(
  api: ApiClient,
  note: OpenNote,
  change: (doc: Y.Doc) => void,
  metadata?: NoteMetadata,
): Promise<NoteCoordinates | undefined> {
  const editor = new NoteEditor(api, note);
  try {
    note.doc.transact(() => change(note.doc));
    if (metadata) editor.setMetadata(metadata);
    return await editor.flush();
  } finally {
    editor.destroy();
  }
}
