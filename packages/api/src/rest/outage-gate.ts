// Fail fast while the database is unreachable: once a request (or a background job:
// HttpHandler.databaseUnreachable) fails because the database cannot be reached,
// every request answers 503 at-capacity at once (instead of queueing behind the
// pool's reconnect attempts) until a background probe reaches the database again,
// every quarter second. Embedded mode never trips it: its database lives in the
// process.
//
// Tripping, and the probe's first success after it, both tell `freshConnections`,
// which replaces the pool's connections (replaceable-pool.ts in @notes/db): at the
// trip, some may be dead without knowing it; at recovery, connections opened while
// the database was going down or coming up may be, too. Measured (CI, 2026-11-28):
// a connection attempted while Postgres restarted answered "the database system is
// shutting down" to a request 17 s after the restart, and every later file of the
// suite met such a connection now and then (12 tests across 4 files answered 503).
export class OutageGate {
  private down = false;

  constructor(
    private readonly probe: () => Promise<unknown>,
    private readonly freshConnections: () => void = () => {},
    private readonly everyMs = 250,
  ) {}

  isDown(): boolean {
    return this.down;
  }

  /** The database could not be reached: refuse until the probe succeeds. */
  trip(): void {
    if (this.down) return;
    this.down = true;
    this.freshConnections();
    void this.watch();
  }

  private async watch(): Promise<void> {
    while (this.down) {
      await new Promise((r) => setTimeout(r, this.everyMs).unref());
      try {
        await this.probe();
        // Reached again: nothing opened before this moment is trusted any longer.
        this.freshConnections();
        this.down = false;
      } catch {
        // still down
      }
    }
  }
}
