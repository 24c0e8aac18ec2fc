// Share links of the signed-in account's notes (issue 37): make one from a note as it is
// now (its title and text as Markdown), list a note's links with their URLs again, revoke
// one or all. A link that follows its note is re-sealed here, a moment after the note
// changes, since the server cannot; the notes with such links are learnt from the list,
// read once when the notebook opens and again whenever a note's links are shown or made.
// What could not be re-sealed then (offline, or edited where no list was learnt yet) is
// caught up when the list is read: a following link sealed before its note last changed
// is sealed again; and a re-seal that failed is tried again when the device is online.
// The notes edited here and not re-sealed since ("behind") are kept across reloads
// (link-reseals-store.ts): a title-only edit does not move the note's last-changed time,
// so after an offline reload only this record says its links are behind.
// The note's images go with it (issue 37): each image's file key is sealed into the
// content and its attachment id named to the server, and the text shows it as
// `![name](<attachment:{id}>)`; an image not uploaded yet is named as not shown.
import {
  type ApiClient,
  attachmentIdsOf,
  CONTENT_FRAGMENT,
  createShareLink,
  fragmentToMarkdown,
  type ListedShareLink,
  listShareLinks,
  type OpenNote,
  resealShareLinks,
  revokeAllShareLinks,
  revokeShareLink,
  type Session,
} from "@notes/client";
import type { LinkImage } from "./note-attachments";

/** The note's images among `ids`, opened on this device with their file keys. */
export type ImagesOf = (noteId: string, ids: readonly string[]) => Promise<LinkImage[]>;

/** How long after the last change a following link is re-sealed. */
const RESEAL_AFTER_MS = 1500;

export interface LinkTerms {
  mode: "snapshot" | "follow";
  /** Seconds; undefined for no expiry. */
  expiresIn?: number;
  maxViews?: number;
  password?: string;
}

export class NoteLinks {
  /** Notes with a live link that follows them. */
  private readonly following = new Set<string>();
  private readonly due = new Map<string, ReturnType<typeof setTimeout>>();
  /**
   * Notes edited here whose following links (if they have any: unknown until the list is
   * read) were not re-sealed since: re-sealed once the list says they follow, tried again
   * once online when that failed.
   */
  private readonly behind = new Set<string>();
  private readonly behindListeners = new Set<() => void>();
  /** Whether the list was read since the notebook opened (start() failed offline otherwise). */
  private started = false;

  constructor(
    private readonly api: ApiClient,
    private readonly session: Session,
    /** The note, read back from the device's store when it rests there (issue 35). */
    private readonly note: (id: string) => OpenNote | undefined | Promise<OpenNote | undefined>,
    private readonly images: ImagesOf = async () => [],
    private readonly origin = globalThis.location?.origin ?? api.baseUrl,
  ) {}

  /** Learns which notes have following links (one request) and catches up stale ones. */
  async start(): Promise<void> {
    await this.learn(await listShareLinks(this.api, this.session, { origin: this.origin }));
    this.started = true;
    // The whole list is known now: a note without a following link is behind nothing.
    for (const id of [...this.behind]) if (!this.following.has(id)) this.caughtUp(id);
  }

  /** Notes edited before a reload whose links were not re-sealed (link-reseals-store.ts). */
  restoreBehind(ids: readonly string[]): void {
    for (const id of ids) this.behind.add(id);
  }

  behindIds(): string[] {
    return [...this.behind];
  }

  onBehindChange(listener: () => void): () => void {
    this.behindListeners.add(listener);
    return () => this.behindListeners.delete(listener);
  }

  private markBehind(id: string): void {
    if (this.behind.has(id)) return;
    this.behind.add(id);
    for (const listener of this.behindListeners) listener();
  }

  private caughtUp(id: string): void {
    if (!this.behind.delete(id)) return;
    for (const listener of this.behindListeners) listener();
  }

  /** The device is online again: what could not be learnt or re-sealed offline is now. */
  online(): void {
    if (!this.started) {
      void this.start().catch(() => {});
      return;
    }
    for (const id of [...this.behind])
      if (this.following.has(id) && !this.due.has(id)) void this.reseal(id);
  }

  async list(noteId: string): Promise<ListedShareLink[]> {
    const links = await listShareLinks(this.api, this.session, { noteId, origin: this.origin });
    this.following.delete(noteId);
    await this.learn(links);
    return links;
  }

  /** Makes a link to the note as it is now; answers its URL (the key in its fragment). */
  async create(noteId: string, terms: LinkTerms): Promise<string> {
    const note = await this.note(noteId);
    if (!note) throw new Error("The note is not on this device.");
    const { url } = await createShareLink(this.api, this.session, {
      noteId,
      ...(await contentOf(note, this.images)),
      ...terms,
      origin: this.origin,
    });
    if (terms.mode === "follow") this.following.add(noteId);
    return url;
  }

  revoke(id: string): Promise<void> {
    return revokeShareLink(this.api, id);
  }

  revokeAll(noteId: string): Promise<number> {
    this.following.delete(noteId);
    return revokeAllShareLinks(this.api, noteId);
  }

  /** The notes changed here: their following links are re-sealed shortly. */
  edited(noteIds: Iterable<string>): void {
    for (const id of noteIds) {
      // Before the list is read, any note may have a following link.
      if (this.started && !this.following.has(id)) continue;
      this.markBehind(id);
      if (!this.following.has(id)) continue;
      clearTimeout(this.due.get(id));
      this.due.set(
        id,
        setTimeout(() => {
          this.due.delete(id);
          void this.reseal(id);
        }, RESEAL_AFTER_MS),
      );
    }
  }

  stop(): void {
    for (const timer of this.due.values()) clearTimeout(timer);
    this.due.clear();
  }

  private async reseal(id: string): Promise<void> {
    const note = await this.note(id);
    if (!note) return;
    try {
      const resealed = await resealShareLinks(this.api, this.session, {
        id,
        ...(await contentOf(note, this.images)),
      });
      this.caughtUp(id);
      if (resealed === 0) this.following.delete(id);
    } catch {
      // Offline or refused: tried again when online, on the next change, or the next open
      // (the note stays behind, across a reload too).
      this.markBehind(id);
    }
  }

  /** Notes them, and re-seals now those whose note changed after their link was sealed. */
  private async learn(links: readonly ListedShareLink[]): Promise<void> {
    const behind = new Set<string>();
    for (const link of links) {
      if (link.mode !== "follow" || link.state !== "live") continue;
      this.following.add(link.noteId);
      if (this.behind.has(link.noteId)) behind.add(link.noteId);
      else if (changedSince(await this.note(link.noteId), link.sealedAt)) behind.add(link.noteId);
    }
    for (const id of behind) if (!this.due.has(id)) void this.reseal(id);
  }
}

/** Whether the note was edited (here, or as the server last said) after `sealedAt`. */
function changedSince(note: OpenNote | undefined, sealedAt: string): boolean {
  const edited = note?.updatedAt === undefined ? Number.NaN : Date.parse(note.updatedAt);
  return edited > Date.parse(sealedAt);
}

async function contentOf(
  note: OpenNote,
  imagesOf: ImagesOf,
): Promise<{ title: string; text: string; images: { id: string; key: Uint8Array }[] }> {
  const ids = attachmentIdsOf(note.doc, "image");
  const shown = ids.length > 0 ? await imagesOf(note.id, ids) : [];
  const linked = new Map(
    shown.map((image) => [image.id, { path: `attachment:${image.id}`, name: image.name }]),
  );
  return {
    title: note.metadata.title,
    text: fragmentToMarkdown(note.doc.getXmlFragment(CONTENT_FRAGMENT), linked),
    images: shown.map(({ id, key }) => ({ id, key })),
  };
}
