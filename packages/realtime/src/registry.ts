// Owns the relay's indexes (feed sockets by account, sockets by session, rooms by
// note) and every way a socket leaves them, so dispatch touches only the sockets an
// event concerns and the peers count always matches the room.
import type { RealtimeLog, TicketGrant } from "./deps";
import { CLOSE, type CloseCode, peersFrame, REVOKED_FRAME } from "./frames";
import type { RelaySocket, Room } from "./relay-socket";

const TEXT = { binary: false } as const;
const BINARY = { binary: true } as const;

export class Registry {
  readonly feedByAccount = new Map<string, Set<RelaySocket>>();
  readonly bySession = new Map<string, Set<RelaySocket>>();
  readonly rooms = new Map<string, Room>();
  /** Upgraded sockets whose ticket is being redeemed. */
  readonly pending = new Set<RelaySocket>();
  /** Admitted sockets, walked by the liveness timer. */
  readonly open = new Set<RelaySocket>();
  /** Sockets we closed that have not closed yet. */
  readonly closing = new Set<RelaySocket>();
  /**
   * Sessions revoked while some ticket redemption was in flight (id → when): a
   * grant for one of them that comes back afterwards must not be admitted.
   */
  readonly revokedWhilePending = new Map<string, number>();
  feedSockets = 0;
  roomSockets = 0;

  constructor(
    private readonly maxBufferedBytes: number,
    private readonly log: RealtimeLog,
  ) {}

  admit(ws: RelaySocket, grant: TicketGrant): void {
    ws.phase = "open";
    ws.accountId = grant.accountId;
    ws.sessionId = grant.sessionId;
    ws.lastSeen = Date.now();
    this.open.add(ws);
    addTo(this.bySession, grant.sessionId, ws);
    if (grant.kind === "feed") {
      addTo(this.feedByAccount, grant.accountId, ws);
      this.feedSockets++;
      return;
    }
    ws.role = grant.role;
    const noteId = grant.noteId.toLowerCase();
    let room = this.rooms.get(noteId);
    if (!room) {
      room = {
        noteId,
        sockets: new Set(),
        checking: undefined,
        recheck: false,
        announcing: false,
        recount: false,
      };
      this.rooms.set(noteId, room);
    }
    ws.room = room;
    room.sockets.add(ws);
    this.roomSockets++;
    this.announcePeers(room);
  }

  /** Takes a socket out of every index; safe to call more than once. */
  remove(ws: RelaySocket): void {
    this.pending.delete(ws);
    if (ws.phase !== "open") return;
    ws.phase = "closing";
    this.open.delete(ws);
    removeFrom(this.bySession, ws.sessionId, ws);
    const room = ws.room;
    if (!room) {
      removeFrom(this.feedByAccount, ws.accountId, ws);
      this.feedSockets--;
      return;
    }
    room.sockets.delete(ws);
    this.roomSockets--;
    if (room.sockets.size === 0) this.rooms.delete(room.noteId);
    else this.announcePeers(room);
  }

  /** Closes a socket with a code, after taking it out of the indexes at once. */
  drop(ws: RelaySocket, code: CloseCode, reason: string): void {
    this.remove(ws);
    if (ws.readyState !== ws.OPEN) return;
    if (ws.isPaused) ws.resume();
    ws.lastSeen = Date.now();
    this.closing.add(ws);
    ws.close(code, reason);
  }

  /** A text frame, unless the socket's send buffer is past its bound (then it is shed). */
  sendText(ws: RelaySocket, frame: Buffer): void {
    if (this.mayQueue(ws)) ws.send(frame, TEXT);
  }

  /** The relay hot path: no allocation here beyond what ws.send does. */
  sendBinary(ws: RelaySocket, frame: Buffer): void {
    if (this.mayQueue(ws)) ws.send(frame, BINARY);
  }

  sendTextToAccount(accountId: string, frame: Buffer): void {
    const sockets = this.feedByAccount.get(accountId);
    if (sockets) for (const ws of sockets) this.sendText(ws, frame);
  }

  /** A revoked session: feed sockets hear `revoked` first, then all close 4401. */
  revokeSession(sessionId: string): void {
    if (this.pending.size > 0) this.revokedWhilePending.set(sessionId, Date.now());
    const sockets = this.bySession.get(sessionId);
    if (!sockets) return;
    for (const ws of [...sockets]) {
      if (!ws.room) this.sendText(ws, REVOKED_FRAME);
      this.drop(ws, CLOSE.unauthorized, "session revoked");
    }
  }

  private mayQueue(ws: RelaySocket): boolean {
    if (ws.phase !== "open" || ws.readyState !== ws.OPEN) return false;
    if (ws.bufferedAmount <= this.maxBufferedBytes) return true;
    // Queueing more would grow memory without bound; the client reconnects and
    // resyncs from the server instead.
    this.log.warn({ accountId: ws.accountId, buffered: ws.bufferedAmount }, "slow consumer shed");
    this.drop(ws, CLOSE.tryAgainLater, "slow consumer");
    return false;
  }

  private announcePeers(room: Room): void {
    // Sending may shed a slow socket, which leaves the room and changes the count
    // mid-loop; rather than nest announcements (and finish on a stale count), loop
    // until a whole round went out with the count unchanged.
    if (room.announcing) {
      room.recount = true;
      return;
    }
    room.announcing = true;
    do {
      room.recount = false;
      const frame = peersFrame(room.sockets.size);
      for (const ws of room.sockets) this.sendText(ws, frame);
    } while (room.recount && room.sockets.size > 0);
    room.announcing = false;
  }
}

function addTo(index: Map<string, Set<RelaySocket>>, key: string, ws: RelaySocket): void {
  const set = index.get(key);
  if (set) set.add(ws);
  else index.set(key, new Set([ws]));
}

function removeFrom(index: Map<string, Set<RelaySocket>>, key: string, ws: RelaySocket): void {
  const set = index.get(key);
  if (!set) return;
  set.delete(ws);
  if (set.size === 0) index.delete(key);
}
