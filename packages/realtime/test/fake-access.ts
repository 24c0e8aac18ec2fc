// Test double for RealtimeAccess: tickets, rosters and sessions held in memory,
// with switches to make a call hang or fail. Used only by the colocated tests.
import { randomUUID } from "node:crypto";
import type {
  BridgeTransmission,
  LiveRole,
  RealtimeAccess,
  RealtimeLog,
  TicketGrant,
} from "../src/deps";

export class FakeAccess implements RealtimeAccess {
  readonly tickets = new Map<string, TicketGrant>();
  /** `${noteId}@${seq}` → accounts whose view moved to that seq. */
  readonly concerned = new Map<string, string[]>();
  readonly roles = new Map<string, Map<string, LiveRole>>();
  /** undefined: every session is live. */
  liveSessionIds: Set<string> | undefined = undefined;
  latest = 0;
  /** Bridge transmissions by seq, and the accounts with bridge access. */
  readonly bridge = new Map<number, BridgeTransmission>();
  readonly bridgeMembers = new Set<string>();
  liveRolesCalls = 0;
  failing = new Set<keyof RealtimeAccess>();
  /** When set, redeemTicket waits for it (to race a revocation against a redemption). */
  redeemGate: Promise<void> | undefined = undefined;
  /** Resolves each time a redemption starts waiting. */
  onRedeem: (() => void) | undefined = undefined;

  issue(grant: TicketGrant): string {
    const ticket = randomUUID();
    this.tickets.set(ticket, grant);
    return ticket;
  }

  async redeemTicket(
    ticket: string,
    want: { kind: "feed" } | { kind: "room"; noteId: string },
  ): Promise<TicketGrant | undefined> {
    this.onRedeem?.();
    if (this.redeemGate) await this.redeemGate;
    this.fail("redeemTicket");
    const grant = this.tickets.get(ticket);
    this.tickets.delete(ticket);
    if (!grant || grant.kind !== want.kind) return undefined;
    if (grant.kind === "room" && want.kind === "room" && grant.noteId !== want.noteId) {
      return undefined;
    }
    return grant;
  }

  async accountsAt(noteId: string, seq: number): Promise<string[]> {
    this.fail("accountsAt");
    return this.concerned.get(`${noteId}@${seq}`) ?? [];
  }

  async liveRoles(noteId: string): Promise<Map<string, LiveRole>> {
    this.liveRolesCalls++;
    this.fail("liveRoles");
    return new Map(this.roles.get(noteId));
  }

  async liveSessions(sessionIds: string[]): Promise<Set<string>> {
    this.fail("liveSessions");
    const live = this.liveSessionIds;
    return new Set(live ? sessionIds.filter((id) => live.has(id)) : sessionIds);
  }

  async latestSeq(): Promise<number> {
    this.fail("latestSeq");
    return this.latest;
  }

  async bridgeMessage(seq: number): Promise<BridgeTransmission | undefined> {
    this.fail("bridgeMessage");
    return this.bridge.get(seq);
  }

  async bridgeAudience(accountIds: string[]): Promise<Set<string>> {
    this.fail("bridgeAudience");
    return new Set(accountIds.filter((id) => this.bridgeMembers.has(id)));
  }

  private fail(call: keyof RealtimeAccess): void {
    if (this.failing.has(call)) throw new Error(`${call} failed (test)`);
  }
}

/** A log that keeps its lines so a test can assert an error was reported. */
export class MemoryLog implements RealtimeLog {
  readonly lines: Array<{ level: string; obj: object; msg: string | undefined }> = [];
  info(obj: object, msg?: string): void {
    this.lines.push({ level: "info", obj, msg });
  }
  warn(obj: object, msg?: string): void {
    this.lines.push({ level: "warn", obj, msg });
  }
  error(obj: object, msg?: string): void {
    this.lines.push({ level: "error", obj, msg });
  }
}
