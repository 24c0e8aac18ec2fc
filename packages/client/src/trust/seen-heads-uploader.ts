// When a device uploads the account's seen heads (issue 33, item 12): after a sync that
// moved one of its seen states forward, at most once a minute, and not at all while
// nothing changed since its last upload. A change inside the interval goes up with the
// first sync after it; the copy on the server is what a fresh device starts from, so
// a minute's lag bounds how far back the server can take that device.
import { equalBytes } from "@notes/keytrans";
import type { ApiClient } from "../api/client";
import { encodeHeadBytes, mostWritten } from "../device-links/linked-heads";
import type { Session } from "../vault/session";
import { type AccountSeenHeadsOptions, uploadAccountSeenHeads } from "./account-seen-heads";
import { mergeHeads } from "./account-seen-heads-merge";

export const SEEN_HEADS_UPLOAD_INTERVAL_MS = 60_000;

export interface SeenHeadsUploaderOptions extends AccountSeenHeadsOptions {
  minIntervalMs?: number;
  clock?: () => number;
}

export class SeenHeadsUploader {
  private lastAt = Number.NEGATIVE_INFINITY;
  private uploadedHeads: Uint8Array | undefined;
  private known: number;
  private running: Promise<boolean> | undefined;

  constructor(
    private readonly api: ApiClient,
    private readonly session: Session,
    private readonly options: SeenHeadsUploaderOptions = {},
  ) {
    this.known = options.known ?? 0;
  }

  /** The highest counter this device uploaded or read. */
  get counter(): number {
    return this.known;
  }

  /** How long until the interval allows the next upload (0: now). */
  dueInMs(): number {
    const interval = this.options.minIntervalMs ?? SEEN_HEADS_UPLOAD_INTERVAL_MS;
    return Math.max(0, this.lastAt + interval - (this.options.clock ?? Date.now)());
  }

  /** Call after each sync; answers whether it uploaded a new copy. */
  afterSync(): Promise<boolean> {
    if (this.running) return Promise.resolve(false);
    // The interval first: the heads of 100,000 notes take ~0.2–0.6 s to gather, and a
    // first sync calls this every few seconds (the long tasks of issue 35's bench).
    const now = (this.options.clock ?? Date.now)();
    if (now - this.lastAt < (this.options.minIntervalMs ?? SEEN_HEADS_UPLOAD_INTERVAL_MS))
      return Promise.resolve(false);
    const heads = encodeHeadBytes(mergeHeads(mostWritten(this.session.seenStates?.all() ?? [])));
    if (heads.length === 0) return Promise.resolve(false);
    if (this.uploadedHeads && equalBytes(heads, this.uploadedHeads)) return Promise.resolve(false);
    this.lastAt = now;
    this.running = uploadAccountSeenHeads(this.api, this.session, {
      ...this.options,
      known: this.known,
      onCounter: (counter) => {
        this.known = Math.max(this.known, counter);
        this.options.onCounter?.(counter);
      },
    })
      .then(({ uploaded }) => {
        this.uploadedHeads = heads;
        return uploaded;
      })
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }
}
