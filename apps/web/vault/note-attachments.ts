// Files in notes, for the web app (issue 36): uploads with progress, cancel and resume
// across reloads (pending-uploads.ts), and downloads opened with the note's content
// keys into blob URLs. What each attachment shows (its metadata, progress, image) is
// kept here and announced to the views that watch it; everything is checked by the
// SDK against what the server sends (docs/client-crypto.md, "Attachments").
import {
  type ApiClient,
  type AttachmentRecord,
  attachmentStream,
  downloadAttachment,
  type ExportedFile,
  isProblem,
  type OpenedAttachment,
  type OpenNote,
  openAttachment,
  removeAttachment,
  renameAttachment,
  resumeUpload,
  uploadAttachment,
} from "@notes/client";
import { type AttachmentMetadata, loadSodium, wrapFileKey } from "@notes/crypto";
import type { KeptUpload } from "./background/upload-keeping";
import { localKey } from "./local-seal";
import { PendingUploads } from "./pending-uploads";
import { type UploadKeeper, uploadKeeper } from "./upload-keeper";

export interface AttachmentShown {
  metadata?: AttachmentMetadata;
  /** While uploading or downloading: plaintext bytes done of total. */
  progress?: { done: number; total: number; direction: "up" | "down" };
  /** A blob URL of the whole file, once downloaded (images load it at once). */
  url?: string;
  /** Why it cannot be shown or sent, in words. */
  problem?: string;
  state?: AttachmentRecord["state"] | "cancelled";
}

/** An image a share link shows: its attachment id, file key and name. */
export interface LinkImage {
  id: string;
  key: Uint8Array;
  name: string;
}

const NOTHING_SHOWN: AttachmentShown = Object.freeze({});

/** How often a view looks again at an upload another device is making. */
const RECHECK_MS = 2_000;

/**
 * A new upload whose note the server does not know yet is tried again after 0.5, 1, 2,
 * 4 and then every 8 s, ten times (about a minute), then left paused (a reload or
 * going online resumes it).
 */
const NOTE_WAIT_MS = 500;
const NOTE_WAITS = 10;

/** Resolves after `ms`, or at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      "abort",
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

interface Host {
  api: ApiClient;
  note(id: string): OpenNote | undefined;
  openNote(id: string): Promise<OpenNote | undefined>;
  masterKey(): Uint8Array;
}

export class NoteAttachments {
  private readonly shown = new Map<string, AttachmentShown>();
  private readonly listeners = new Map<string, Set<() => void>>();
  private readonly running = new Map<string, AbortController>();
  private readonly opened = new Map<string, Promise<OpenedAttachment>>();
  private readonly pending = new PendingUploads();

  constructor(
    private readonly host: Host,
    private readonly keeper: UploadKeeper = uploadKeeper(),
  ) {}

  watch(id: string, listener: () => void): () => void {
    const set = this.listeners.get(id) ?? new Set();
    this.listeners.set(id, set);
    set.add(listener);
    return () => set.delete(listener);
  }

  /** The same object until it changes (views read it with useSyncExternalStore). */
  get(id: string): AttachmentShown {
    return this.shown.get(id) ?? NOTHING_SHOWN;
  }

  private set(id: string, patch: AttachmentShown): void {
    this.shown.set(id, { ...this.get(id), ...patch });
    for (const listener of this.listeners.get(id) ?? []) listener();
  }

  private async keys(noteId: string): Promise<OpenNote> {
    const note = this.host.note(noteId) ?? (await this.host.openNote(noteId));
    if (!note) throw new Error("The note is not open on this device.");
    return note;
  }

  /** Starts uploading `file` as `attachmentId` (already placed in the note by the caller). */
  async upload(noteId: string, attachmentId: string, file: File): Promise<void> {
    const preview = file.type.startsWith("image/") ? await makeThumbnail(file) : undefined;
    const entry: KeptUpload = {
      attachmentId,
      noteId,
      name: file.name || "pasted image",
      type: file.type,
      size: file.size,
      ...preview,
    };
    this.set(attachmentId, {
      metadata: {
        name: entry.name,
        type: entry.type,
        size: entry.size,
        chunkBytes: 0,
        ...(preview?.thumbnail && { thumbnail: preview.thumbnail }),
      },
      url: URL.createObjectURL(file),
      state: "uploading",
    });
    // Kept sealed for resuming before anything is sent, in the keeper's worker: sealing
    // 100 MB here would hold the tab for seconds. Where the browser will not keep it
    // (a private window's small storage quota), it is sent all the same, only not
    // resumable after a reload. Cancel works from here on: a file cancelled while it is
    // being kept is not sent, nor kept.
    const controller = new AbortController();
    this.running.set(attachmentId, controller);
    await this.keeper
      .keep(await localKey(this.session(), "upload"), entry, file)
      .catch(() => undefined);
    if (!controller.signal.aborted) return this.send(entry, file, true, controller);
    this.running.delete(attachmentId);
    await this.pending.remove(attachmentId);
  }

  private session(): { masterKey: Uint8Array } {
    return { masterKey: this.host.masterKey() };
  }

  /** Sends a pending upload: from the start (`fresh`) or from the chunks the server lacks. */
  private async send(
    entry: KeptUpload,
    blob: Blob,
    fresh: boolean,
    controller = new AbortController(),
  ): Promise<void> {
    this.running.set(entry.attachmentId, controller);
    const sodium = await loadSodium();
    const note = await this.keys(entry.noteId);
    const options = {
      signal: controller.signal,
      sealChunk: this.keeper.sealChunk,
      onProgress: everyFewFrames(({ done, total }) =>
        this.set(entry.attachmentId, { progress: { done, total, direction: "up" } }),
      ),
    };
    try {
      for (let attempt = 0; ; attempt++) {
        try {
          const opened = fresh
            ? await uploadAttachment(
                this.host.api,
                sodium,
                entry.noteId,
                note.cek,
                blob,
                {
                  name: entry.name,
                  type: entry.type,
                  ...(entry.thumbnail && { thumbnail: entry.thumbnail }),
                  ...(entry.width && { width: entry.width, height: entry.height }),
                },
                { ...options, attachmentId: entry.attachmentId },
              )
            : await resumeUpload(
                this.host.api,
                sodium,
                entry.noteId,
                [note.cek, ...(note.formerCeks ?? [])],
                entry.attachmentId,
                blob,
                options,
              );
          this.opened.set(entry.attachmentId, Promise.resolve(opened));
          await this.pending.remove(entry.attachmentId);
          this.set(entry.attachmentId, {
            metadata: opened.metadata,
            progress: undefined,
            state: opened.record.state,
            problem: undefined,
          });
          return;
        } catch (error) {
          if (controller.signal.aborted) return;
          // A note made a moment ago (an import, a paste into a new note) may not have
          // reached the server yet: its create is still on its way from the outbox, and
          // the server answers the file's create "note not found". The upload waits for
          // it, then goes on (it stayed "uploading" for good before: CI, 2026-11-29).
          if (fresh && isProblem(error, "note-not-found") && attempt < NOTE_WAITS) {
            await pause(Math.min(NOTE_WAIT_MS * 2 ** attempt, 8_000), controller.signal);
            if (controller.signal.aborted) return;
            continue;
          }
          if (isFinal(error)) {
            // Storage full, too large, or the note is gone: trying again would not help.
            await this.pending.remove(entry.attachmentId);
            this.set(entry.attachmentId, {
              problem: `Not uploaded: ${wordsOf(error)}`,
              progress: undefined,
              state: "cancelled",
            });
          } else this.set(entry.attachmentId, { problem: `Upload paused: ${wordsOf(error)}` });
          return;
        }
      }
    } finally {
      this.running.delete(entry.attachmentId);
    }
  }

  /** Resumes every upload this browser had not finished (after a reload or sign-in). */
  async resumePending(): Promise<void> {
    const key = await localKey(this.session(), "upload");
    for (const entry of await this.keeper.list()) {
      if (this.running.has(entry.attachmentId)) continue;
      // Opened in the keeper's worker; what comes back is a Blob over the bytes.
      const file = await this.keeper.read(key, entry.attachmentId);
      if (!file) continue;
      this.set(entry.attachmentId, {
        metadata: {
          name: entry.name,
          type: entry.type,
          size: entry.size,
          chunkBytes: 0,
          ...(entry.thumbnail && { thumbnail: entry.thumbnail }),
        },
        state: "uploading",
      });
      const exists = await this.host.api
        .call("attachments.get", { id: entry.noteId, attachmentId: entry.attachmentId })
        .then(() => true)
        .catch(() => false);
      await this.send(entry, file, !exists);
    }
  }

  /** Stops an upload and removes the attachment (its bytes are freed on the server). */
  async cancel(noteId: string, attachmentId: string): Promise<void> {
    this.running.get(attachmentId)?.abort();
    await this.pending.remove(attachmentId);
    this.set(attachmentId, { state: "cancelled", progress: undefined });
    await removeAttachment(this.host.api, noteId, attachmentId).catch(() => undefined);
  }

  private open(noteId: string, attachmentId: string): Promise<OpenedAttachment> {
    let opening = this.opened.get(attachmentId);
    if (!opening) {
      opening = (async () => {
        const note = await this.keys(noteId);
        const sodium = await loadSodium();
        const opened = await openAttachment(
          this.host.api,
          sodium,
          noteId,
          [note.cek, ...(note.formerCeks ?? [])],
          attachmentId,
        );
        // A file key still under a former content key (a rotation whose re-wrap did not
        // finish): a writer wraps it under the current key, so later members can open it.
        if (opened.keyIndex > 0 && (note.role === "owner" || note.role === "editor"))
          await this.host.api
            .call("attachments.update", {
              id: noteId,
              attachmentId,
              wrappedKey: wrapFileKey(sodium, note.cek, noteId, attachmentId, opened.fileKey),
            })
            .catch(() => undefined);
        return opened;
      })();
      this.opened.set(attachmentId, opening);
      opening.catch(() => this.opened.delete(attachmentId));
    }
    return opening;
  }

  /** Reads the attachment's metadata (and, for an image, the file) for a view. */
  async show(noteId: string, attachmentId: string, wholeFile: boolean): Promise<void> {
    if (this.running.has(attachmentId)) return;
    try {
      const opened = await this.open(noteId, attachmentId);
      this.set(attachmentId, { metadata: opened.metadata, state: opened.record.state });
      if (opened.record.state === "uploading") {
        // Another device's upload (or this one's, which resumePending picks up): look
        // again in a while, as long as something shows it.
        this.opened.delete(attachmentId);
        setTimeout(() => {
          if (this.listeners.get(attachmentId)?.size)
            void this.show(noteId, attachmentId, wholeFile);
        }, RECHECK_MS);
        return;
      }
      if (wholeFile && !this.get(attachmentId).url) await this.fetchFile(opened);
    } catch (error) {
      if ((error as { status?: unknown }).status === 404) {
        // The block can arrive (live room, sync) before its upload is created on the
        // server by the device that added it: look again while something shows it.
        this.set(attachmentId, { state: "uploading", problem: undefined });
        setTimeout(() => {
          if (this.listeners.get(attachmentId)?.size)
            void this.show(noteId, attachmentId, wholeFile);
        }, RECHECK_MS);
        return;
      }
      this.set(attachmentId, { problem: `Cannot open this file: ${wordsOf(error)}` });
    }
  }

  private async fetchFile(opened: OpenedAttachment): Promise<string> {
    const id = opened.record.id;
    const existing = this.get(id).url;
    if (existing) return existing;
    // The checked pieces go into the Blob as they are: no whole-file array, no copy of it.
    const pieces: BlobPart[] = [];
    let received = 0;
    const stream = attachmentStream(this.host.api, await loadSodium(), opened, {
      // Opened in the keeper's worker: 1 MiB of Base64 and XChaCha20-Poly1305 a chunk.
      openChunk: this.keeper.openChunk,
      onProgress: everyFewFrames(({ done, total }) =>
        this.set(id, { progress: { done, total, direction: "down" } }),
      ),
    });
    for await (const piece of streamPieces(stream)) {
      pieces.push(piece as Uint8Array<ArrayBuffer>);
      received += piece.length;
    }
    if (received !== opened.metadata.size)
      throw new Error(`the file ended at ${received} of ${opened.metadata.size} bytes`);
    const url = URL.createObjectURL(new Blob(pieces, { type: opened.metadata.type }));
    this.set(id, { url, progress: undefined });
    return url;
  }

  /** The file as a blob URL, downloaded and checked first when needed. */
  async fileUrl(noteId: string, attachmentId: string): Promise<string> {
    return this.fetchFile(await this.open(noteId, attachmentId));
  }

  async rename(noteId: string, attachmentId: string, name: string): Promise<void> {
    const opened = await this.open(noteId, attachmentId);
    const renamed = await renameAttachment(this.host.api, await loadSodium(), opened, name);
    this.opened.set(attachmentId, Promise.resolve(renamed));
    this.set(attachmentId, { metadata: renamed.metadata });
  }

  async remove(noteId: string, attachmentId: string): Promise<void> {
    this.running.get(attachmentId)?.abort();
    await this.pending.remove(attachmentId);
    await removeAttachment(this.host.api, noteId, attachmentId);
  }

  /** The note's files, opened and checked here, for the export archive; one that fails is left out. */
  async exportFiles(noteId: string, ids: readonly string[]): Promise<ExportedFile[]> {
    const sodium = await loadSodium();
    const out: ExportedFile[] = [];
    for (const id of ids) {
      try {
        const opened = await this.open(noteId, id);
        if (opened.record.state === "uploading") continue;
        const bytes = await downloadAttachment(this.host.api, sodium, opened, {
          openChunk: this.keeper.openChunk,
        });
        out.push({ id, name: opened.metadata.name, bytes });
      } catch {
        // Not readable now (gone, refused, offline): the Markdown names it as not exported.
      }
    }
    return out;
  }

  /**
   * The note's images among `ids` with their file keys, for a share link's sealed
   * content (issue 37); one not uploaded yet or not readable now is left out (the
   * link's text then names it as not shown).
   */
  async linkImages(noteId: string, ids: readonly string[]): Promise<LinkImage[]> {
    const out: LinkImage[] = [];
    for (const id of ids) {
      try {
        const opened = await this.open(noteId, id);
        if (opened.record.state === "uploading") continue;
        out.push({ id, key: opened.fileKey, name: opened.metadata.name });
      } catch {
        // Gone, refused or offline: the link shows its name as not shown.
      }
    }
    return out;
  }

  /** Sign-out: nothing of this account's uploads stays in the browser. */
  async forget(): Promise<void> {
    for (const controller of this.running.values()) controller.abort();
    await this.pending.clear();
  }
}

/** A refusal that sending again would meet again (4xx other than 404 on a resume, 408, 429). */
function isFinal(error: unknown): boolean {
  const status = (error as { status?: unknown }).status;
  return typeof status === "number" && [402, 403, 410, 413].includes(status);
}

function wordsOf(error: unknown): string {
  if (error instanceof Error && error.name === "DecryptionFailed")
    return "the server sent something that is not this file.";
  if (error instanceof Error && error.name === "InvalidAttachment") return error.message;
  if (error instanceof Error && "status" in error) {
    const status = (error as { status: number }).status;
    if (status === 402 || status === 403) return "your storage is full.";
    if (status === 413) return "the file is larger than the largest one a note can hold (2 GiB).";
    if (status === 410) return "the note was deleted.";
    if (status === 404) return "it is no longer on the server.";
  }
  return "the connection was lost; it will go on when you are back.";
}

/** A JPEG of at most 320 px a side, made here from the image (never by the server). */
async function makeThumbnail(
  file: Blob,
): Promise<{ thumbnail: string; width: number; height: number } | undefined> {
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, 320 / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement("canvas");
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext("2d")?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    const out = {
      thumbnail: canvas.toDataURL("image/jpeg", 0.7),
      width: bitmap.width,
      height: bitmap.height,
    };
    bitmap.close();
    return out;
  } catch {
    return undefined;
  }
}

/** Progress shown at most every 100 ms (and always its end): a re-render per chunk is main-thread time. */
function everyFewFrames(
  show: (progress: { done: number; total: number }) => void,
): (progress: { done: number; total: number }) => void {
  let shownAt = 0;
  return (progress) => {
    const now = performance.now();
    if (progress.done < progress.total && now - shownAt < 100) return;
    shownAt = now;
    show(progress);
  };
}

async function* streamPieces(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
