// Group commit: jobs that arrive while the database is busy with earlier ones leave
// together in the next batch, so the per-call and per-commit work is paid once per
// batch rather than once per job. A job that finds a lane free leaves at once (no
// timer, no added latency when the server is quiet); under load, batches grow with
// the backlog. At most `lanes` batches are in flight.
//
// A batch never holds two jobs with the same key, and a key that is in flight waits
// for its batch to finish: jobs for one key leave in the order they came. A batch
// stops growing at `maxJobs` or when the next job would take it past `maxWeight`
// (a job heavier than that leaves alone).
//
// With `turn`, a job does not leave the moment it is submitted but at the end of
// the event loop's turn (setImmediate), and a freed lane takes its next batch then
// too: every job the turn's I/O produced leaves together. Without it, a database
// that runs its statements synchronously in this thread (embedded PGlite) never
// has a batch in flight when the next request is parsed, so every job found a free
// lane and left alone: under the 50-connection append benchmark every embedded
// batch held one append (issue 39).

export interface GroupQueueOptions<J> {
  lanes: number;
  maxJobs: number;
  maxWeight: number;
  key: (job: J) => string;
  weight: (job: J) => number;
  /** Jobs leave at the end of the event loop's turn, not when submitted (see above). */
  turn?: boolean;
}

/** Runs one batch; its answer holds one settled result per job, in the batch's order. */
export type RunBatch<J, R> = (jobs: J[]) => Promise<PromiseSettledResult<R>[]>;

interface Waiting<J, R> {
  job: J;
  resolve: (result: R) => void;
  reject: (error: unknown) => void;
}

export class GroupQueue<J, R> {
  private waiting: Waiting<J, R>[] = [];
  private readonly busyKeys = new Set<string>();
  private inFlight = 0;
  private idle: (() => void)[] = [];
  private pumpScheduled = false;

  constructor(
    private readonly run: RunBatch<J, R>,
    private readonly options: GroupQueueOptions<J>,
  ) {}

  submit(job: J): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      this.waiting.push({ job, resolve, reject });
      this.schedulePump();
    });
  }

  /** Resolves once every job submitted so far has been answered. */
  settled(): Promise<void> {
    if (this.inFlight === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  private schedulePump(): void {
    if (!this.options.turn) {
      this.pump();
      return;
    }
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.inFlight < this.options.lanes) {
      const batch = this.take();
      if (batch.length === 0) break;
      this.inFlight++;
      void this.send(batch);
    }
  }

  private take(): Waiting<J, R>[] {
    const { key, weight, maxJobs, maxWeight } = this.options;
    const batch: Waiting<J, R>[] = [];
    const left: Waiting<J, R>[] = [];
    const keys = new Set<string>();
    let load = 0;
    for (const w of this.waiting) {
      const k = key(w.job);
      const heavy = batch.length > 0 && load + weight(w.job) > maxWeight;
      if (batch.length >= maxJobs || heavy || keys.has(k) || this.busyKeys.has(k)) {
        left.push(w);
        continue;
      }
      batch.push(w);
      keys.add(k);
      load += weight(w.job);
    }
    this.waiting = left;
    for (const k of keys) this.busyKeys.add(k);
    return batch;
  }

  private async send(batch: Waiting<J, R>[]): Promise<void> {
    try {
      const results = await this.run(batch.map((w) => w.job));
      batch.forEach((w, i) => {
        const result = results[i];
        if (!result) w.reject(new Error("the batch answered fewer results than it had jobs"));
        else if (result.status === "fulfilled") w.resolve(result.value);
        else w.reject(result.reason);
      });
    } catch (error) {
      for (const w of batch) w.reject(error);
    } finally {
      for (const w of batch) this.busyKeys.delete(this.options.key(w.job));
      this.inFlight--;
      this.schedulePump();
      if (this.inFlight === 0 && this.waiting.length === 0) {
        for (const resolve of this.idle.splice(0)) resolve();
      }
    }
  }
}
