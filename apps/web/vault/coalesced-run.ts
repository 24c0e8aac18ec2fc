// One run of an async job at a time. A request while it runs is not dropped but
// folded into exactly one more run afterwards: a sync asked for by the change feed
// mid-sync may concern changes the running pull already read past.

export class CoalescedRun {
  private running: Promise<void> | undefined;
  private again = false;

  constructor(private readonly job: () => Promise<void>) {}

  /** Answers the current run (a queued follow-up starts when it settles). */
  request(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.job().finally(() => {
      this.running = undefined;
      if (!this.again) return;
      this.again = false;
      void this.request();
    });
    return this.running;
  }
}
