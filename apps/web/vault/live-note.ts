// A shared note's live room while it is open (contract.md §7, §9 rule 10): the SDK's
// LiveRoom over the browser WebSocket, with the editor's awareness (named cursors),
// and a small presence store for the UI ("2 here", live or not). Live frames are for
// speed only; whenever the room (re)connects, loses us (4403: removed, note deleted),
// receives a frame no held key opens (the key rotated), or hears that a member was
// removed, the Notebook syncs, which catches up through /v1 and shows a removal as the
// note leaving the list.
import type { ApiClient, ConnectionState, OpenNote, Session } from "@notes/client";
import { LiveRoom } from "@notes/client";
import type { Awareness } from "y-protocols/awareness";
import { browserWebSocket } from "./browser-web-socket";

export interface Presence {
  state: ConnectionState;
  /** Sockets in the room, ours included; 0 until the relay says. */
  peers: number;
}

export class LiveNote {
  private presence: Presence = { state: "connecting", peers: 0 };
  private readonly listeners = new Set<() => void>();

  private constructor(
    private readonly room: LiveRoom,
    syncNow: () => void,
  ) {
    room.on("state", (state) => {
      this.update({ state, peers: state === "live" ? this.presence.peers : 0 });
      // Nothing is replayed on (re)connect: what peers wrote meanwhile comes via /v1.
      if (state === "live") syncNow();
    });
    room.on("peers", (peers) => this.update({ ...this.presence, peers }));
    room.on("removed", syncNow);
    room.on("stale-key", syncNow);
    room.on("signed-out", syncNow);
    // The relay's word that someone was removed: the roster and keys come through /v1.
    room.on("member-removed", syncNow);
  }

  /** Joins `note`'s room; undefined where the browser has no WebSocket. */
  static join(
    api: ApiClient,
    session: Session,
    note: OpenNote,
    awareness: Awareness,
    syncNow: () => void,
  ): LiveNote | undefined {
    const WebSocket = browserWebSocket();
    if (!WebSocket) return undefined;
    const room = new LiveRoom({ api, session, note, awareness, WebSocket });
    const live = new LiveNote(room, syncNow);
    void live.room.connect();
    return live;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getPresence = (): Presence => this.presence;

  /** Tells peers we left and closes the socket for good. */
  leave(): void {
    this.room.close();
    this.listeners.clear();
  }

  private update(next: Presence): void {
    if (next.state === this.presence.state && next.peers === this.presence.peers) return;
    this.presence = next;
    for (const listener of this.listeners) listener();
  }
}
