// LiveRoom: a note's live room (contract.md §7, §9 rule 10). Local document updates go
// out as kind-2 frames (signed, docs/client-crypto.md "Signed content"; kind 0 from a
// note that has no signer) and the local awareness state as kind-1 frames, each sealed
// under the note's current content key. Incoming frames open under the current key
// only: a retired key's frame is dropped (a removed member's key writes nothing new,
// issue 21 attack 3), and a signed update whose signature fails under the signer's
// pinned key is dropped too. The rest apply with LIVE_ORIGIN, so editors and durable
// writers do not send them back. Frames are for speed only: every edit also travels through /v1,
// and nothing is replayed on (re)connect — after each reconnect, sync the note.
//
// A member removed while typing: its last frames reached us, but its append was
// refused, so nobody would store text our document now holds (and our own edits may
// build on it). When the relay says a member was removed, an owner or editor adopts
// the peers' document frames of the last ADOPT_WINDOW_MS: `adopt` appends them as its
// own. Yjs applies updates idempotently, so text that was stored after all costs only
// bytes, and everyone converges on what the people still in the room saw.
import {
  DecryptionFailed,
  loadSodium,
  openLiveFrame,
  sealLiveFrame,
  sealSignedLiveUpdate,
} from "@notes/crypto";
import {
  Awareness,
  applyAwarenessUpdate,
  encodeAwarenessUpdate,
  removeAwarenessStates,
} from "y-protocols/awareness";
import * as Y from "yjs";
import type { ApiClient } from "../api/client";
import { isRemoteOrigin, LIVE_ORIGIN, type OpenNote } from "../notes/open-state";
import { checkSignature } from "../trust/signature-check";
import type { Session } from "../vault/session";
import { Emitter } from "./emitter";
import { isMemberRemoved, parsePeers } from "./peers-message";
import {
  type ConnectionState,
  ReconnectingSocket,
  type ReconnectOptions,
  type StopReason,
} from "./reconnecting-socket";
import type { WebSocketConstructor } from "./web-socket";

/** The relay's default frame limit (a larger frame closes the socket 1009). */
export const MAX_FRAME_BYTES = 1024 * 1024;

/** How far back peers' frames are adopted after a removal. */
export const ADOPT_WINDOW_MS = 60_000;

export interface LiveRoomOptions extends ReconnectOptions {
  api: ApiClient;
  note: OpenNote;
  /** The browser's WebSocket, `ws` in Node, or a fake. */
  WebSocket: WebSocketConstructor;
  /** Shared with an editor binding (cursors); created, and destroyed on close, if absent. */
  awareness?: Awareness;
  /** Frames larger than this are not sent; such an update reaches peers through /v1. */
  maxFrameBytes?: number;
  /**
   * Appends a Yjs update as this client's own (the note's writer). Called after a
   * member was removed, with the peers' recent document frames; absent → not adopted.
   */
  adopt?: (update: Uint8Array) => void;
  /** The clock for the adoption window (tests). */
  now?: () => number;
  /**
   * Checks peers' signed updates against this session's pins: one whose signature fails
   * under its signer's pinned key is dropped. Absent: signatures are not checked.
   */
  session?: Session;
}

export type LiveRoomEvents = {
  state: ConnectionState;
  /** Sockets in the room, this one included. */
  peers: number;
  /** Removed from the roster, or the note was deleted (close 4403): the room is closed. */
  removed: undefined;
  /** The session no longer admits a ticket: the room is closed. */
  "signed-out": undefined;
  /** A frame the current key does not open: the key likely rotated; sync the note. */
  "stale-key": undefined;
  /** The relay removed a member from the room; recent peer text was handed to `adopt`. */
  "member-removed": undefined;
};

export class LiveRoom {
  readonly awareness: Awareness;
  private readonly events = new Emitter<LiveRoomEvents>();
  private readonly socket: ReconnectingSocket;
  private readonly ownsAwareness: boolean;
  private readonly maxFrameBytes: number;
  private peerCount = 0;
  /** Peers' document frames of the last ADOPT_WINDOW_MS, oldest first. */
  private recent: { at: number; update: Uint8Array }[] = [];
  private started = false;
  private sodium: Awaited<ReturnType<typeof loadSodium>> | undefined;

  constructor(private readonly options: LiveRoomOptions) {
    const { note } = options;
    this.ownsAwareness = options.awareness === undefined;
    this.awareness = options.awareness ?? new Awareness(note.doc);
    this.maxFrameBytes = options.maxFrameBytes ?? MAX_FRAME_BYTES;
    this.socket = new ReconnectingSocket(
      options.WebSocket,
      {
        ticket: () => options.api.call("notes.roomTicket", { id: note.id }),
        opened: () => this.sendAwareness([this.awareness.clientID]),
        binary: (bytes) => this.receive(bytes),
        text: (text) => this.receiveText(text),
        lost: () => this.lost(),
        state: (state) => this.events.emit("state", state),
        stopped: (reason) => this.stopped(reason),
      },
      options,
    );
  }

  get state(): ConnectionState {
    return this.socket.state;
  }

  get peers(): number {
    return this.peerCount;
  }

  on<K extends keyof LiveRoomEvents>(
    name: K,
    listener: (value: LiveRoomEvents[K]) => void,
  ): () => void {
    return this.events.on(name, listener);
  }

  /** Starts (and keeps) the connection; safe to call again. */
  async connect(): Promise<void> {
    this.sodium ??= await loadSodium();
    if (this.started || this.state === "closed") return;
    this.started = true;
    this.options.note.doc.on("update", this.onDocUpdate);
    this.awareness.on("update", this.onAwarenessUpdate);
    this.socket.start();
  }

  /** Tells peers this client left, closes the socket, and stops reconnecting. */
  close(): void {
    if (this.state === "closed") return;
    // A null state at the current clock removes this client at the peers (y-protocols)
    // without clearing the local state an editor binding may share.
    const own = this.awareness.clientID;
    this.sendFrame(1, encodeAwarenessUpdate(this.awareness, [own], new Map()));
    this.socket.stop("closed");
  }

  private readonly onDocUpdate = (update: Uint8Array, origin: unknown): void => {
    if (isRemoteOrigin(origin)) return;
    // A viewer's frames would be dropped by the relay; never send them.
    const { role } = this.options.note;
    if (role !== "owner" && role !== "editor") return;
    this.sendFrame(0, update);
  };

  private readonly onAwarenessUpdate = (
    change: { added: number[]; updated: number[]; removed: number[] },
    origin: unknown,
  ): void => {
    if (origin === LIVE_ORIGIN) return;
    const own = this.awareness.clientID;
    const touched = [...change.added, ...change.updated, ...change.removed];
    if (touched.includes(own)) this.sendAwareness([own]);
  };

  private sendAwareness(clients: number[]): void {
    this.sendFrame(1, encodeAwarenessUpdate(this.awareness, clients));
  }

  /** A document update (kind 0) goes out signed (kind 2) when the note has a signer. */
  private sendFrame(kind: 0 | 1, payload: Uint8Array): void {
    const { sodium } = this;
    if (!sodium || this.state !== "live") return;
    const { note } = this.options;
    const frame =
      kind === 0 && note.signer
        ? sealSignedLiveUpdate(sodium, note.cek, note.id, payload, note.signer)
        : sealLiveFrame(sodium, note.cek, note.id, kind, payload);
    if (frame.length > this.maxFrameBytes) return;
    this.socket.send(frame);
  }

  private receive(bytes: Uint8Array): void {
    const { sodium } = this;
    if (!sodium) return;
    const { note } = this.options;
    let frame: ReturnType<typeof openLiveFrame>;
    try {
      frame = openLiveFrame(sodium, note.cek, note.id, bytes);
    } catch (error) {
      // Unknown kinds come from newer clients and are skipped; a frame the current key
      // does not open hints at a rotation this client has not adopted yet (or is a
      // retired key's, which is dropped all the same).
      if (error instanceof DecryptionFailed) this.events.emit("stale-key", undefined);
      return;
    }
    if (frame.kind === 2 && !this.signedByPeer(frame.signature, frame.payload)) return;
    if (frame.kind === 0 || frame.kind === 2) {
      Y.applyUpdate(note.doc, frame.payload, LIVE_ORIGIN);
      this.keepRecent(frame.payload);
    } else {
      applyAwarenessUpdate(this.awareness, frame.payload, LIVE_ORIGIN);
    }
  }

  /** False only for a signature that fails under its signer's pinned key. */
  private signedByPeer(signature: string, update: Uint8Array): boolean {
    const { session, note } = this.options;
    if (!session || !this.sodium) return true;
    const context = { kind: "liveUpdate", scope: note.id, key: note.cek } as const;
    return checkSignature(this.sodium, session, signature, context, update).status !== "invalid";
  }

  private keepRecent(update: Uint8Array): void {
    const now = this.options.now?.() ?? Date.now();
    this.recent = this.recent.filter((r) => now - r.at < ADOPT_WINDOW_MS);
    this.recent.push({ at: now, update });
  }

  private memberRemoved(): void {
    const now = this.options.now?.() ?? Date.now();
    const recent = this.recent.filter((r) => now - r.at < ADOPT_WINDOW_MS);
    this.recent = [];
    const { role } = this.options.note;
    if (recent.length > 0 && (role === "owner" || role === "editor"))
      this.options.adopt?.(Y.mergeUpdates(recent.map((r) => r.update)));
    this.events.emit("member-removed", undefined);
  }

  private receiveText(text: string): void {
    if (isMemberRemoved(text)) {
      this.memberRemoved();
      return;
    }
    const count = parsePeers(text);
    if (count === undefined || count === this.peerCount) return;
    this.peerCount = count;
    this.events.emit("peers", count);
  }

  private lost(): void {
    // Peers' cursors are stale once the socket is gone; they re-announce on reconnect.
    const others = [...this.awareness.getStates().keys()].filter(
      (id) => id !== this.awareness.clientID,
    );
    if (others.length > 0) removeAwarenessStates(this.awareness, others, LIVE_ORIGIN);
    if (this.peerCount !== 0) {
      this.peerCount = 0;
      this.events.emit("peers", 0);
    }
  }

  private stopped(reason: StopReason): void {
    this.options.note.doc.off("update", this.onDocUpdate);
    this.awareness.off("update", this.onAwarenessUpdate);
    if (this.ownsAwareness) this.awareness.destroy();
    if (reason === "removed") this.events.emit("removed", undefined);
    if (reason === "signed-out") this.events.emit("signed-out", undefined);
  }
}
