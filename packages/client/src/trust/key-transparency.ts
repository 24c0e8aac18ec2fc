// Key transparency in the SDK (issue 34, docs/key-transparency.md): no key is pinned,
// and so none is sealed to, before this device verified that the log holds exactly that
// key for that account, under a head the server signed, enough trusted witnesses
// cosigned, that is no older than the freezing bound, and whose log extends every head
// this device saw before. A first sight of a key (pin-check.ts) goes through verifyKeys.
// The device's own account is checked too (self-audit.ts), once a session and after each
// new epoch it sees.
import {
  bindingCommitment,
  equalBytes,
  FREEZING_BOUND_MS,
  headToJson,
  KeyTransparencyRefused,
  type LookupProof,
  type LookupProofJson,
  MalformedKeyTransparency,
  parseHashes,
  parseHead,
  parseLookupProof,
  parseRosterProof,
  type RosterProofJson,
  type SignedHead,
  type SignedHeadJson,
  verifyHeadExtends,
  verifyHeadInLog,
  verifyLookup,
  verifyRosterLookup,
  verifySignedHead,
} from "@notes/keytrans";
import type { ApiClient } from "../api/client";
import { isProblem } from "../api/problem";
import { KeyTransparencyFailed } from "../errors";

export interface KeyTransparencyOptions {
  /** Raw Ed25519 keys of the witnesses this client trusts. */
  witnesses?: readonly Uint8Array[];
  /** How many of them must have cosigned a head (default: all of `witnesses`). */
  threshold?: number;
  /** The freezing bound: a newest head older than this is refused (default 30 minutes). */
  maxHeadAgeMs?: number;
  /** How long to wait for a just-published key to reach the log (default 15 s). */
  waitForLogMs?: number;
  /** The last head this device saw (persisted by the app), so a restart cannot roll back. */
  lastHead?: SignedHeadJson;
  /** Hears every head this device adopts (persist it as `lastHead`). */
  onHead?: (head: SignedHeadJson) => void;
  /** Hears what the person must be told (self-audit failures, forks, a frozen log). */
  onWarning?: (warning: KeyTransparencyWarning) => void;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export type KeyTransparencyWarning =
  | {
      kind: "self-audit";
      reason: "foreign-key" | "history" | "proof";
      detail: string;
      epoch: number;
    }
  | { kind: "stale"; ageMs: number; boundMs: number; epoch: number }
  | { kind: "log"; reason: string; detail: string }
  | {
      kind: "roster";
      /** roster-withheld / roster-fork: a chain served against the log; not-logged: an owner's audit. */
      reason: "roster-withheld" | "roster-fork" | "not-logged";
      noteId: string;
      detail: string;
    };

/** A note's roster-chain head as the log holds it, verified under the head of `epoch`. */
export interface LoggedRoster {
  epoch: number;
  chainEpoch: number;
  entryHash: Uint8Array;
}

export interface VerifiedKeys {
  publicKey?: Uint8Array;
  signingPublicKey?: Uint8Array;
  epoch: number;
  version: number;
  /** The binding's commitment in the tree (self-audit chains the history to it). */
  commitment: Uint8Array;
}

const DEFAULT_MAX_HEAD_AGE_MS = FREEZING_BOUND_MS;
const DEFAULT_WAIT_FOR_LOG_MS = 15_000;

export class KeyTransparency {
  private held: SignedHead | undefined;
  private readonly epochListeners = new Set<(epoch: number) => void>();
  private refreshing: Promise<SignedHead> | undefined;
  readonly options: Required<
    Pick<KeyTransparencyOptions, "maxHeadAgeMs" | "waitForLogMs" | "now" | "sleep">
  > &
    KeyTransparencyOptions;

  constructor(
    private readonly api: ApiClient,
    options: KeyTransparencyOptions = {},
  ) {
    this.options = {
      maxHeadAgeMs: DEFAULT_MAX_HEAD_AGE_MS,
      waitForLogMs: DEFAULT_WAIT_FOR_LOG_MS,
      now: () => Date.now(),
      sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
      ...options,
    };
    if (options.lastHead) this.held = parseHead(options.lastHead);
  }

  /** The newest head this device verified. */
  get head(): SignedHead | undefined {
    return this.held;
  }

  /** Hears each new epoch this device adopts (self-audit runs on it). */
  onEpoch(listener: (epoch: number) => void): () => void {
    this.epochListeners.add(listener);
    return () => this.epochListeners.delete(listener);
  }

  warn(warning: KeyTransparencyWarning): void {
    this.options.onWarning?.(warning);
  }

  private policy() {
    const witnesses = this.options.witnesses ?? [];
    return { witnesses, threshold: this.options.threshold ?? witnesses.length };
  }

  /** The newest published head, verified and shown to extend the one held. */
  refreshHead(): Promise<SignedHead> {
    this.refreshing ??= this.fetchHead().finally(() => {
      this.refreshing = undefined;
    });
    return this.refreshing;
  }

  private async fetchHead(): Promise<SignedHead> {
    const held = this.held;
    const served = await this.api
      .call("keyTransparency.head", held ? { since: held.epoch } : {})
      .catch((error: unknown) => {
        if (!isProblem(error, "no-tree-head")) throw error;
        throw new KeyTransparencyFailed(
          "no-head",
          "the server has published no key-transparency head yet",
        );
      });
    const head = this.checked(() => {
      const next = parseHead(served.head);
      verifySignedHead(next, this.policy());
      verifyHeadInLog(next, parseHashes(served.headInLog, "headInLog"));
      if (held) verifyHeadExtends(held, next, parseHashes(served.consistency ?? [], "consistency"));
      return next;
    });
    const age = this.options.now() - head.timestamp;
    if (age > this.options.maxHeadAgeMs) {
      this.warn({
        kind: "stale",
        ageMs: age,
        boundMs: this.options.maxHeadAgeMs,
        epoch: head.epoch,
      });
      throw new KeyTransparencyFailed(
        "stale",
        `the newest key-transparency head (epoch ${head.epoch}) is ${Math.round(age / 1000)} s old, past the bound of ${Math.round(this.options.maxHeadAgeMs / 1000)} s`,
      );
    }
    if (!held || head.epoch > held.epoch) {
      this.held = head;
      this.options.onHead?.(headToJson(head));
      for (const listener of this.epochListeners) listener(head.epoch);
    }
    return head;
  }

  /** Runs a check of packages/keytrans, turning its refusals into this SDK's error. */
  private checked<T>(check: () => T, userId?: string): T {
    try {
      return check();
    } catch (error) {
      if (error instanceof KeyTransparencyRefused) {
        const logFault = ["fork", "inconsistent", "rollback", "config-changed", "head-not-in-log"];
        if (logFault.includes(error.reason))
          this.warn({ kind: "log", reason: error.reason, detail: error.message });
        throw new KeyTransparencyFailed(error.reason, error.message, userId);
      }
      if (error instanceof MalformedKeyTransparency)
        throw new KeyTransparencyFailed("malformed", error.message, userId);
      throw error;
    }
  }

  /**
   * Compares a head another person's device saw (carried in something they signed) with
   * the log this device follows: the same epoch must be the same head, an older one must
   * be a prefix of this device's log. A fork or a log that does not extend is warned of
   * and thrown as KeyTransparencyFailed (`fork`, `inconsistent`).
   */
  async compareHead(json: SignedHeadJson): Promise<void> {
    const other = this.checked(() => {
      const head = parseHead(json);
      verifySignedHead(head, this.policy());
      return head;
    });
    let held = this.held ?? (await this.refreshHead());
    if (other.epoch > held.epoch) held = await this.refreshHead();
    const mine = held;
    if (other.epoch > mine.epoch) {
      this.warn({
        kind: "log",
        reason: "withheld",
        detail: `another device saw epoch ${other.epoch}; this server shows this device epoch ${mine.epoch}`,
      });
      throw new KeyTransparencyFailed(
        "withheld",
        `the server withholds epoch ${other.epoch} from this device`,
      );
    }
    if (other.epoch === mine.epoch) {
      this.checked(() => verifyHeadExtends(mine, other, []));
      return;
    }
    const { proof } = await this.api.call("keyTransparency.consistency", {
      from: other.epoch,
      to: mine.epoch,
    });
    this.checked(() => verifyHeadExtends(other, mine, parseHashes(proof, "proof")));
  }

  /** The head to check a proof against: the one held while fresh; undefined when none yet. */
  private async currentHead(): Promise<SignedHead | undefined> {
    try {
      const fresh =
        this.held && this.options.now() - this.held.timestamp <= this.options.maxHeadAgeMs;
      return fresh && this.held ? this.held : await this.refreshHead();
    } catch (error) {
      // No head yet: nothing is logged (a new server's first epoch is on its way).
      if (error instanceof KeyTransparencyFailed && error.reason === "no-head") return undefined;
      throw error;
    }
  }

  /**
   * The head of the note's signed roster chain that the newest head's tree holds,
   * verified (issue 34, rosters in the log); undefined when the log holds none for it.
   * `carried`: the proof the roster-chain answer carried; with none, GET …/notes/{id} is
   * asked only when `ask` (a server that carries none would answer none there either).
   * A carried proof of another epoch than the head's is caught up like a look-up's.
   */
  async provenRoster(
    noteId: string,
    carried?: RosterProofJson,
    ask = true,
  ): Promise<LoggedRoster | undefined> {
    const id = noteId.toLowerCase();
    if (!carried && !ask) return undefined;
    let head = await this.currentHead();
    if (!head) return undefined;
    let proof = carried && this.checked(() => parseRosterProof(carried));
    for (let tries = 0; !proof || proof.epoch !== head.epoch; tries++) {
      if (tries === 4)
        throw new KeyTransparencyFailed("wrong-epoch", "the log moved on at every read");
      if (proof && proof.epoch > head.epoch) head = await this.refreshHead();
      else {
        const answer = await this.api.call("keyTransparency.rosterHead", { id });
        proof =
          answer.proof && this.checked(() => parseRosterProof(answer.proof as RosterProofJson));
      }
      if (!proof) return undefined;
    }
    const found = proof;
    const against = head;
    const logged = this.checked(() => verifyRosterLookup(against, id, found));
    return { epoch: against.epoch, ...logged };
  }

  /** The account's binding in the newest head's tree, verified; undefined when not logged. */
  async provenBinding(
    userId: string,
    carried?: LookupProofJson,
  ): Promise<VerifiedKeys | undefined> {
    let head = await this.currentHead();
    if (!head) return undefined;
    let proof = carried && this.checked(() => parseLookupProof(carried), userId);
    // The proof and the head must be of one epoch; epochs may close between the two
    // reads, so each catches up with the other a few times.
    for (let tries = 0; !proof || proof.epoch !== head.epoch; tries++) {
      if (tries === 4)
        throw new KeyTransparencyFailed("wrong-epoch", "the log moved on at every read", userId);
      if (proof && proof.epoch > head.epoch) head = await this.refreshHead();
      else proof = await this.fetchProof(userId);
      if (!proof) return undefined;
    }
    const found = proof;
    const against = head;
    const binding = this.checked(() => verifyLookup(against, userId.toLowerCase(), found), userId);
    return {
      commitment: bindingCommitment(userId.toLowerCase(), found.opening, binding),
      ...(binding.publicKey && { publicKey: binding.publicKey }),
      ...(binding.signingPublicKey && { signingPublicKey: binding.signingPublicKey }),
      epoch: against.epoch,
      version: binding.version,
    };
  }

  private async fetchProof(userId: string): Promise<LookupProof | undefined> {
    try {
      const json = await this.api.call("keyTransparency.proof", { id: userId });
      return this.checked(() => parseLookupProof(json), userId);
    } catch (error) {
      if (isProblem(error, "user-not-found")) return undefined;
      throw error;
    }
  }

  /**
   * Verifies that the log holds `publicKey` (and `signingPublicKey`, when given) for
   * `userId`, waiting up to `waitForLogMs` for a publication to reach the next epoch.
   * Answers the logged keys (with the signing key the log holds, when none was given).
   * Throws KeyTransparencyFailed: `key-mismatch` when the log holds other keys,
   * `not-logged` when it holds none.
   */
  async verifyKeys(
    userId: string,
    publicKey: Uint8Array | undefined,
    signingPublicKey?: Uint8Array,
    carried?: LookupProofJson,
    waitMs = this.options.waitForLogMs,
  ): Promise<VerifiedKeys> {
    const deadline = this.options.now() + waitMs;
    let proofToUse = carried;
    for (let delay = 100; ; delay = Math.min(delay * 2, 1000)) {
      const logged = await this.provenBinding(userId, proofToUse);
      proofToUse = undefined;
      const mismatch = logged && misfit(logged, publicKey, signingPublicKey);
      if (logged && !mismatch) return logged;
      if (this.options.now() >= deadline) {
        throw new KeyTransparencyFailed(
          logged ? "key-mismatch" : "not-logged",
          logged
            ? `the key-transparency log holds another ${mismatch} for ${userId} than the one the server answered`
            : `no key of ${userId} is in the key-transparency log`,
          userId,
        );
      }
      await this.options.sleep(delay);
      await this.refreshHead().catch((error: unknown) => {
        if (!(error instanceof KeyTransparencyFailed && error.reason === "no-head")) throw error;
      });
    }
  }
}

function misfit(
  logged: VerifiedKeys,
  publicKey?: Uint8Array,
  signingPublicKey?: Uint8Array,
): string | undefined {
  if (publicKey && !(logged.publicKey && equalBytes(logged.publicKey, publicKey)))
    return "sharing key";
  if (
    signingPublicKey &&
    !(logged.signingPublicKey && equalBytes(logged.signingPublicKey, signingPublicKey))
  )
    return "signing key";
  return undefined;
}

const perApi = new WeakMap<ApiClient, KeyTransparency>();

/**
 * The key-transparency checker of everything done through `api`. Configure it once,
 * before the first look-up (witness set, threshold, freezing bound, persisted head);
 * unconfigured it still requires a verified proof under a server-signed head.
 */
export function keyTransparencyFor(
  api: ApiClient,
  options?: KeyTransparencyOptions,
): KeyTransparency {
  let kt = perApi.get(api);
  if (!kt || options) {
    kt = new KeyTransparency(api, options);
    perApi.set(api, kt);
  }
  return kt;
}
