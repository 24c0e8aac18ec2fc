// When the app lock's idle time has passed with no key, click, touch or scroll (issue
// 38). Activity only records a time (it comes with every key); one timer checks, and
// sets itself again for what is left, so a busy page pays nothing per event.
export interface IdleClock {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realClock: IdleClock = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class IdleTimer {
  private last: number;
  private handle: unknown;
  private stopped = false;

  constructor(
    private readonly idleMs: number,
    private readonly onIdle: () => void,
    private readonly clock: IdleClock = realClock,
  ) {
    this.last = clock.now();
    this.schedule(idleMs);
  }

  activity(): void {
    this.last = this.clock.now();
  }

  stop(): void {
    this.stopped = true;
    this.clock.clearTimeout(this.handle);
  }

  private schedule(ms: number): void {
    this.handle = this.clock.setTimeout(() => this.check(), ms);
  }

  private check(): void {
    if (this.stopped) return;
    const idle = this.clock.now() - this.last;
    if (idle >= this.idleMs) {
      this.stopped = true;
      this.onIdle();
    } else this.schedule(this.idleMs - idle);
  }
}
