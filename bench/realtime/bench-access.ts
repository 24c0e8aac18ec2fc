// The relay's injected access for the benchmark: tickets held in memory (each
// admits once, like the real ones), every room member an editor, every session
// live, and every change concerning the latest 1,000 feed accounts (the open feed
// sockets, not the warm-up set closed before them), so one dispatch fans out to
// every feed socket.
import { randomUUID } from "node:crypto";
import type { LiveRole, RealtimeAccess, TicketGrant } from "@notes/realtime";
import { FEED_SOCKETS, ROOM_NOTE_ID, type SocketKind } from "./protocol";

export class BenchAccess implements RealtimeAccess {
  private readonly grants = new Map<string, TicketGrant>();
  private readonly feedAccounts: string[] = [];
  private readonly roomAccounts = new Map<string, LiveRole>();
  private issued = 0;
  latest = 0;

  issue(kind: SocketKind): string {
    const n = this.issued++;
    const accountId = `account-${n}`;
    const sessionId = `session-${n}`;
    const ticket = randomUUID();
    if (kind === "feed") {
      this.feedAccounts.push(accountId);
      if (this.feedAccounts.length > FEED_SOCKETS) this.feedAccounts.shift();
      this.grants.set(ticket, { kind, accountId, sessionId });
    } else {
      this.roomAccounts.set(accountId, "editor");
      this.grants.set(ticket, { kind, accountId, sessionId, noteId: ROOM_NOTE_ID, role: "editor" });
    }
    return ticket;
  }

  async redeemTicket(
    ticket: string,
    want: { kind: "feed" } | { kind: "room"; noteId: string },
  ): Promise<TicketGrant | undefined> {
    const grant = this.grants.get(ticket);
    this.grants.delete(ticket);
    if (!grant || grant.kind !== want.kind) return undefined;
    if (grant.kind === "room" && want.kind === "room" && grant.noteId !== want.noteId) {
      return undefined;
    }
    return grant;
  }

  async accountsAt(): Promise<string[]> {
    return this.feedAccounts;
  }

  async liveRoles(): Promise<Map<string, LiveRole>> {
    return new Map(this.roomAccounts);
  }

  async liveSessions(sessionIds: string[]): Promise<Set<string>> {
    return new Set(sessionIds);
  }

  async latestSeq(): Promise<number> {
    return this.latest;
  }

  /** The benchmark sends no bridge transmissions. */
  async bridgeMessage(): Promise<undefined> {
    return undefined;
  }

  async bridgeAudience(): Promise<Set<string>> {
    return new Set();
  }
}
