// Fail fast while the database is unreachable: once a request fails because the
// database cannot be reached, every request answers 503 at-capacity at once
// (instead of queueing behind the pool's reconnect attempts) until a background
// probe reaches the database again, every quarter second. Embedded mode never
// trips it: its database lives in the process. Tripping also tells `onTrip`, which
// replaces the pool's connections (replaceable-pool.ts in @notes/db): some may be
// dead without knowing it, and would fail a query long after the database is back.
export class OutageGate {
  private down = false;

  constructor(
    private readonly probe: () => Promise<unknown>,
    private readonly onTrip: () => void = () => {},
    private readonly everyMs = 250,
  ) {}

  isDown(): boolean {
    return this.down;
  }

  /** The database could not be reached: refuse until the probe succeeds. */
  trip(): void {
    if (this.down) return;
    this.down = true;
    this.onTrip();
    void this.watch();
  }

  private async watch(): Promise<void> {
    while (this.down) {
      await new Promise((r) => setTimeout(r, this.everyMs).unref());
      try {
        await this.probe();
        this.down = false;
      } catch {
        // still down
      }
    }
  }
}
