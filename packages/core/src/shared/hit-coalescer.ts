// A hot rate-limit key made cheap: hits on one key that arrive while this process
// already has that key's upsert in flight wait for it, then leave together as one
// upsert that adds all of them. Each hit is still counted in the database before
// it is answered, and gets the count it would have had one at a time, so limits
// stay exact across instances; what changes is that one key costs one statement
// per round trip instead of one per hit. Before, every hit was its own upsert on
// the same row: each waited for the row lock of the one before it (held until its
// commit), and behind a transaction pooler every waiter also held one of the
// pooler's few server connections, so one client address under load (TRUST_PROXY
// unset or false: every client is one address) stalled requests that never touch
// that row (issue 39: waits over 20 s). Now at most one per key per process waits.

export interface CountedHits {
  /** The count in the current window after this hit. */
  count: number;
  /** The previous window's count. */
  previous: number;
}

/** Adds `hits` to the key's window in one statement; answers the counts after it. */
export type AddHits = (
  key: string,
  windowStart: number,
  windowMs: number,
  hits: number,
) => Promise<CountedHits>;

interface Waiter {
  resolve: (counted: CountedHits) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  key: string;
  windowStart: number;
  windowMs: number;
  waiting: Waiter[];
  flying: boolean;
}

export class HitCoalescer {
  private readonly slots = new Map<string, Slot>();

  constructor(private readonly add: AddHits) {}

  /** Counts one hit on `key` in the window starting at `windowStart`. */
  hit(key: string, windowStart: number, windowMs: number): Promise<CountedHits> {
    const id = `${windowMs}:${windowStart}:${key}`;
    let slot = this.slots.get(id);
    if (!slot) {
      slot = { key, windowStart, windowMs, waiting: [], flying: false };
      this.slots.set(id, slot);
    }
    const current = slot;
    return new Promise((resolve, reject) => {
      current.waiting.push({ resolve, reject });
      if (!current.flying) void this.flush(id, current);
    });
  }

  private async flush(id: string, slot: Slot): Promise<void> {
    slot.flying = true;
    while (slot.waiting.length > 0) {
      const batch = slot.waiting.splice(0);
      try {
        const { count, previous } = await this.add(
          slot.key,
          slot.windowStart,
          slot.windowMs,
          batch.length,
        );
        // In arrival order, as if they had come one at a time.
        for (const [i, w] of batch.entries())
          w.resolve({ count: count - (batch.length - 1 - i), previous });
      } catch (error) {
        for (const w of batch) w.reject(error);
      }
    }
    slot.flying = false;
    this.slots.delete(id);
  }
}
