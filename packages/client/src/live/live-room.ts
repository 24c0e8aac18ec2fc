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
// Who wrote what a frame applied counts like content from /v1 (issue 33, item 8): with a
// session, each document frame's signature is recorded in the note's authorship, so an
// unsigned frame (kind 0) or one whose signer this device has no key for yet is applied
// and shown as unchecked ("Signed by" says some changes carry no signature it could
// check), never silently as if signed.
//
// With a session, the room also carries the key-transparency head each device last saw
// (kind 3, seen-head-frames.ts; issue 34): sent on joining and after each new epoch, and
// compared on receipt, so two members shown two different logs notice.
//
// The relay's `{"type":"member-removed"}` is the server's word and makes this device do
// nothing but tell its app (which syncs): it no longer appends its peers' recent frames
// as its own. That adoption signed other people's text with this device's key whenever
// the relay said so, and the server takes no signature block but the caller's, so the
// text could not be kept as theirs either (docs/sharing.md, "Change (issue 33)").
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
import { recordSignature } from "../trust/authorship";
import { type KeyTransparency, keyTransparencyFor } from "../trust/key-transparency";
import { checkSignature, type SignatureCheck } from "../trust/signature-check";
import type { Session } from "../vault/session";
import { Emitter } from "./emitter";
import { isMemberRemoved, parsePeers } from "./peers-message";
import {
  type ConnectionState,
  ReconnectingSocket,
  type ReconnectOptions,
  type StopReason,
} from "./reconnecting-socket";
import { compareSeenHeadFrame, seenHeadFrame } from "./seen-head-frames";
import type { WebSocketConstructor } from "./web-socket";

/** The relay's default frame limit (a larger frame closes the socket 1009). */
export const MAX_FRAME_BYTES = 1024 * 1024;

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
   * Checks peers' signed updates against this session's pins: one whose signature fails
   * under its signer's pinned key is dropped, and what each applied frame's signature
   * says is recorded in the note's authorship, and the key-transparency heads peers saw
   * are compared with this device's. Absent: nothing is checked, recorded or compared.
   */
  session?: Session;
  /** The key-transparency checker to carry and compare heads with (default: the api's). */
  keyTransparency?: KeyTransparency;
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
  /** The relay says it removed a member from the room (its word: sync to see the roster). */
  "member-removed": undefined;
};

export class LiveRoom {
  readonly awareness: Awareness;
  private readonly events = new Emitter<LiveRoomEvents>();
  private readonly socket: ReconnectingSocket;
  private readonly ownsAwareness: boolean;
  private readonly maxFrameBytes: number;
  private peerCount = 0;
  private started = false;
  private sodium: Awaited<ReturnType<typeof loadSodium>> | undefined;
  private stopEpochs: (() => void) | undefined;

  constructor(private readonly options: LiveRoomOptions) {
    const { note } = options;
    this.ownsAwareness = options.awareness === undefined;
    this.awareness = options.awareness ?? new Awareness(note.doc);
    this.maxFrameBytes = options.maxFrameBytes ?? MAX_FRAME_BYTES;
    this.socket = new ReconnectingSocket(
      options.WebSocket,
      {
        ticket: () => options.api.call("notes.roomTicket", { id: note.id }),
        opened: () => {
          this.sendAwareness([this.awareness.clientID]);
          this.sendSeenHead();
        },
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
    const kt = this.keyTransparency();
    this.stopEpochs = kt?.onEpoch(() => this.sendSeenHead());
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

  /** The checker whose heads this room carries and compares: only with a session. */
  private keyTransparency(): KeyTransparency | undefined {
    const { session, api } = this.options;
    if (!session) return undefined;
    return this.options.keyTransparency ?? keyTransparencyFor(api);
  }

  /** The head this device last saw, to peers (kind 3); nothing for a viewer (the relay drops it). */
  private sendSeenHead(): void {
    const { sodium } = this;
    const kt = this.keyTransparency();
    const { note } = this.options;
    if (!sodium || !kt || this.state !== "live") return;
    if (note.role !== "owner" && note.role !== "editor") return;
    const frame = seenHeadFrame(sodium, note, kt);
    if (frame) this.socket.send(frame);
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
    if (frame.kind === 1) {
      applyAwarenessUpdate(this.awareness, frame.payload, LIVE_ORIGIN);
      return;
    }
    if (frame.kind === 3) {
      const { session, api } = this.options;
      const kt = this.keyTransparency();
      if (session && kt)
        void compareSeenHeadFrame(
          sodium,
          session,
          note,
          { kt, api },
          frame.signature,
          frame.payload,
        );
      return;
    }
    const check = this.checkFrame(frame.kind === 2 ? frame.signature : undefined, frame.payload);
    if (check?.status === "invalid") return;
    Y.applyUpdate(note.doc, frame.payload, LIVE_ORIGIN);
    if (check) recordSignature(note, check);
  }

  /**
   * What a document frame's signature says under this session's pins (a kind-0 frame
   * has none: unsigned); undefined without a session, when nothing is checked.
   */
  private checkFrame(
    signature: string | undefined,
    update: Uint8Array,
  ): SignatureCheck | undefined {
    const { session, note } = this.options;
    if (!session || !this.sodium) return undefined;
    const context = { kind: "liveUpdate", scope: note.id, key: note.cek } as const;
    return checkSignature(this.sodium, session, signature, context, update);
  }

  private receiveText(text: string): void {
    if (isMemberRemoved(text)) {
      this.events.emit("member-removed", undefined);
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
    this.stopEpochs?.();
    this.options.note.doc.off("update", this.onDocUpdate);
    this.awareness.off("update", this.onAwarenessUpdate);
    if (this.ownsAwareness) this.awareness.destroy();
    if (reason === "removed") this.events.emit("removed", undefined);
    if (reason === "signed-out") this.events.emit("signed-out", undefined);
  }
}
