// Verified sessions, kept in process for up to a minute so most authenticated
// requests skip the database read. Safe only while revocations are heard: every
// deleted session is announced on `notes_sessions` (a trigger on `sessions`:
// packages/db/sql/functions/notes_session_deleted.sql), so the app follows that
// channel, forgets revoked sessions at once, and runs without the cache (`disable`)
// whenever it cannot follow it. Revocations made by this process are also forgotten
// synchronously, before their answer leaves.
export interface CachedSession {
  sessionId: string;
  accountId: string;
}

interface Entry extends CachedSession {
  verifiedAt: number;
}

export class SessionCache {
  private readonly byToken = new Map<string, Entry>();
  private readonly bySession = new Map<string, string>();
  private enabled = false;

  constructor(
    /** Matches the once-a-minute touch of `last_used_at`: a stale entry re-reads (and touches). */
    private readonly ttlMs = 60_000,
    private readonly maxEntries = 50_000,
  ) {}

  get(tokenKey: string, now = Date.now()): CachedSession | undefined {
    if (!this.enabled) return undefined;
    const entry = this.byToken.get(tokenKey);
    if (!entry) return undefined;
    if (now - entry.verifiedAt >= this.ttlMs) {
      this.drop(tokenKey, entry);
      return undefined;
    }
    return entry;
  }

  set(tokenKey: string, session: CachedSession, now = Date.now()): void {
    if (!this.enabled) return;
    if (this.byToken.size >= this.maxEntries) {
      const oldest = this.byToken.keys().next().value;
      if (oldest !== undefined) this.drop(oldest, this.byToken.get(oldest));
    }
    this.byToken.set(tokenKey, { ...session, verifiedAt: now });
    this.bySession.set(session.sessionId, tokenKey);
  }

  forgetSession(sessionId: string): void {
    const key = this.bySession.get(sessionId);
    if (key !== undefined) this.drop(key, this.byToken.get(key));
  }

  /** Every cached session of the account, but `keep`. */
  forgetAccount(accountId: string, keep?: string): void {
    for (const [key, entry] of this.byToken)
      if (entry.accountId === accountId && entry.sessionId !== keep) this.drop(key, entry);
  }

  /** Revocations are heard again (the event stream is established). */
  enable(): void {
    this.clear();
    this.enabled = true;
  }

  /** Revocations may go unheard: verify every request in the database. */
  disable(): void {
    this.enabled = false;
    this.clear();
  }

  private clear(): void {
    this.byToken.clear();
    this.bySession.clear();
  }

  private drop(key: string, entry: Entry | undefined): void {
    this.byToken.delete(key);
    if (entry) this.bySession.delete(entry.sessionId);
  }
}
