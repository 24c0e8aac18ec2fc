// The bridge for one member (contract.md §3, §9; docs/client-crypto.md "Signed bridge
// key handouts"): the keys it holds, pages of the log opened newest first, sending (a
// version-2 message, padded, sealed, signed, posted with a requestId), and the epoch
// handshake. The server's `currentEpoch` is a hint only (issue 33, item 1): a member
// speaks under the epoch it adopted from a handout signed by someone it vouches for,
// numbered above the one it holds, and remembers it (BridgeMemory), so it never goes
// back. It hands the key out unasked only to members it vouches for (item 2); everyone
// else the server lists waits until the person lets them in (`admit`).
import {
  encodeBridgeMessage,
  fromBase64,
  type SharingKeyPair,
  type Sodium,
  sealTransmission,
  signContent,
  toBase64Url,
  utf8Encode,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { KeyPins } from "../trust/key-pins";
import { keyPinsOf, pinFromRoster } from "../trust/pin-check";
import { signerOf } from "../trust/sign-content";
import type { Session } from "../vault/session";
import { BridgeNeedsSession, NoBridgeKey, NotLackingBridgeKey } from "./bridge-errors";
import {
  type BridgeKeyring,
  type BridgeNewcomer,
  type BridgeWelcome,
  type HeldEpoch,
  handOutToMember,
  loadHeldEpochs,
  sealToMembersLacking,
  startEpoch,
} from "./bridge-keys";
import { type BridgeMemory, isAbove, MemoryBridgeMemory } from "./bridge-memory";
import { type BridgeEntry, readTransmission, type Transmission } from "./bridge-reading";

export { BridgeNeedsSession, NoBridgeKey, NotLackingBridgeKey } from "./bridge-errors";
export type { BridgeEntry, BridgeSignatureCheck, Transmission } from "./bridge-reading";

export interface BridgePageView {
  entries: BridgeEntry[];
  nextPageToken: string;
}

/** Where the handshake left this member. */
export type BridgeState =
  /** Holding the current epoch; `welcomed` were just handed it, `waiting` need letting in. */
  | ({ kind: "ready"; epochId: string; epochNumber: number } & BridgeWelcome)
  /** This member opened a new epoch (nobody held a signed one it could take). */
  | ({ kind: "opened"; epochId: string; epochNumber: number } & BridgeWelcome)
  /** No key of `epochId` yet: a member must hand it over (or the server withholds it). */
  | { kind: "waiting"; epochId: string };

export class BridgeLog {
  keys: BridgeKeyring = new Map();
  /** The epoch this member speaks under: adopted from a verified handout, never the hint. */
  currentEpoch: string | undefined;
  private readonly ownId: string;
  /** Each message id read, with the lowest seq it was seen at (replays: item 11). */
  private readonly firstSeen = new Map<string, number>();
  /** Whether members' keys must be (re)learned: at first, and after an unknown signer. */
  private membersUnknown = true;

  constructor(
    private readonly api: ApiClient,
    private readonly sodium: Sodium,
    /** Kept for the signature; keys are opened with the session's keypair. */
    _keyPair: SharingKeyPair,
    ownId: string,
    /** The account's pins, when the session has none yet: keys go to pinned keys only. */
    pins?: KeyPins,
    /** Signs what this member sends and hands out; checks what others signed. */
    private readonly session?: Session,
    /** What this device remembers of the bridge; keep it across restarts. */
    private readonly memory: BridgeMemory = new MemoryBridgeMemory(),
  ) {
    this.ownId = ownId.toLowerCase();
    if (session && pins) session.keyPins ??= pins;
  }

  /**
   * Reads the keys and adopts the newest epoch it may; opens the bridge when nobody
   * holds a signed key yet, and hands the current key to the members it vouches for.
   */
  async handshake(): Promise<BridgeState> {
    const session = this.requireSession();
    if (this.membersUnknown) await this.learnMemberKeys(session);
    await this.readHandouts(session);
    const current = this.memory.current();
    if (!current) {
      const { currentEpoch: hint } = await this.api.call("bridge.listMessages", { pageSize: 1 });
      // A hint this device holds no signed key of is either nobody's (open) or the server's
      // or a bridge from before signed handouts: either way, a signed epoch of its own.
      if (hint && !this.keys.has(hint)) return { kind: "waiting", epochId: hint };
      const { epoch, welcome } = await this.startNumbered(session, 1);
      return { kind: "opened", epochId: epoch.epochId, epochNumber: epoch.number, ...welcome };
    }
    const key = this.keys.get(current.epochId);
    this.currentEpoch = key && current.epochId;
    if (!key) return { kind: "waiting", epochId: current.epochId };
    const epoch = { key, epochId: current.epochId, number: current.number };
    const welcome = await sealToMembersLacking(this.api, this.sodium, session, epoch, this.vouches);
    return { kind: "ready", epochId: current.epochId, epochNumber: current.number, ...welcome };
  }

  /** A new epoch, numbered above every one this device knows; later words go under it. */
  async rotate(): Promise<string> {
    const session = this.requireSession();
    await this.readHandouts(session);
    const number = (this.memory.current()?.number ?? 0) + 1;
    return (await this.startNumbered(session, number)).epoch.epochId;
  }

  /**
   * The person lets `userId` in: the current key is handed to the key pinned for them
   * (PublicKeyChanged when the server lists another), and later epochs go to them unasked.
   */
  async admit(userId: string): Promise<BridgeNewcomer> {
    const session = this.requireSession();
    const current = this.memory.current();
    const key = current && this.keys.get(current.epochId);
    if (!current || !key) throw new NoBridgeKey("this member holds no key of the current epoch");
    const id = userId.toLowerCase();
    const { members } = await this.api.call("bridge.listLacking", { epochId: current.epochId });
    const member = members.find((m) => m.userId === id);
    if (!member || id === this.ownId) throw new NotLackingBridgeKey(id);
    const epoch = { key, epochId: current.epochId, number: current.number };
    const admitted = await handOutToMember(this.api, this.sodium, session, epoch, member);
    this.memory.vouch(id);
    return admitted;
  }

  /** Reads one transmission as an entry (see bridge-reading.ts). */
  open(transmission: Transmission): BridgeEntry {
    const { entry, unknownSigner } = readTransmission(
      {
        sodium: this.sodium,
        keys: this.keys,
        ownId: this.ownId,
        memory: this.memory,
        firstSeen: this.firstSeen,
        ...(this.session && { session: this.session }),
      },
      transmission,
    );
    if (unknownSigner) this.membersUnknown = true;
    return entry;
  }

  /** Reads many, oldest first whatever their order, so a replay is marked wherever it is. */
  openAll(transmissions: readonly Transmission[]): BridgeEntry[] {
    const bySeq = new Map<number, BridgeEntry>();
    for (const t of [...transmissions].sort((a, b) => a.seq - b.seq))
      bySeq.set(t.seq, this.open(t));
    return transmissions.flatMap((t) => bySeq.get(t.seq) ?? []);
  }

  /** One page, newest first; pass the previous page's token for older ones. */
  async page(pageToken?: string, pageSize?: number): Promise<BridgePageView> {
    const page = await this.api.call("bridge.listMessages", {
      ...(pageToken && { pageToken }),
      ...(pageSize && { pageSize }),
    });
    return { entries: this.openAll(page.messages), nextPageToken: page.nextPageToken };
  }

  /** Sends `text` under the current epoch as a version-2 message; answers what was stored. */
  async send(text: string, requestId: string = crypto.randomUUID()): Promise<Transmission> {
    const epochId = this.currentEpoch;
    const key = epochId && this.keys.get(epochId);
    if (!epochId || !key) throw new NoBridgeKey("this member holds no key of the current epoch");
    const message = encodeBridgeMessage({
      id: requestId.toLowerCase(),
      sentAt: Date.now(),
      signed: this.session !== undefined,
      text: utf8Encode(text),
    });
    const body = sealTransmission(this.sodium, key, message);
    const signature =
      this.session &&
      signContent(
        this.sodium,
        signerOf(this.session),
        { kind: "bridgeTransmission", scope: null, key },
        fromBase64(body),
      );
    return this.api.call("bridge.postMessage", {
      body,
      epochId,
      requestId,
      ...(signature && { signature }),
    });
  }

  /** Bytes `text` takes; more than 996 (BRIDGE_MAX_TEXT_BYTES) does not fit one transmission. */
  static sizeOf(text: string): number {
    return utf8Encode(text).length;
  }

  /** Reads a feed frame's message (`{"type":"bridge","message":…}`) as an entry. */
  openFrame(message: unknown): BridgeEntry | undefined {
    const m = message as Partial<Transmission> | null;
    if (!m || typeof m.seq !== "number" || typeof m.body !== "string") return undefined;
    if (typeof m.epochId !== "string" || typeof m.createdAt !== "string") return undefined;
    return this.open(m as Transmission);
  }

  /** Whether this device hands the key to `userId` unasked. */
  private readonly vouches = (userId: string): boolean => {
    const id = userId.toLowerCase();
    if (id === this.ownId || this.memory.isVouched(id)) return true;
    return this.session !== undefined && keyPinsOf(this.session).get(id)?.verified === true;
  };

  private requireSession(): Session {
    if (!this.session) throw new BridgeNeedsSession();
    return this.session;
  }

  /** Keeps every key it can open, and adopts the newest epoch a handout lets it. */
  private async readHandouts(session: Session): Promise<void> {
    const held = await loadHeldEpochs(this.api, this.sodium, session);
    for (const h of held) this.keys.set(h.epochId, h.key);
    this.adoptNewest(held);
  }

  /**
   * Verified handouts from signers this device vouches for may move it up; a fresh
   * device (nothing adopted yet) takes the newest verified one from anyone it pinned
   * (trust on first use, as for keys) and vouches for whoever handed it over.
   */
  private adoptNewest(held: readonly HeldEpoch[]): void {
    const verified = held.flatMap((h) =>
      h.handout.status === "verified"
        ? [{ epochId: h.epochId, number: h.handout.number, signerId: h.handout.signerId }]
        : [],
    );
    const vouched = verified.filter((v) => this.vouches(v.signerId));
    const pool = this.memory.current() || vouched.length > 0 ? vouched : verified;
    let newest: (typeof pool)[number] | undefined;
    for (const v of pool) if (!newest || isAbove(v, newest)) newest = v;
    if (newest && this.memory.adopt(newest)) this.memory.vouch(newest.signerId);
  }

  private async startNumbered(session: Session, number: number) {
    const started = await startEpoch(this.api, this.sodium, session, number, this.vouches);
    const { epoch } = started;
    this.keys.set(epoch.epochId, epoch.key);
    this.memory.adopt({ epochId: epoch.epochId, number });
    this.currentEpoch = epoch.epochId;
    return started;
  }

  /**
   * Pins the keys of every bridge member this device has not pinned yet (trust on first
   * use), so signatures can be checked: the members lacking an epoch nobody holds are all
   * of them (at most 100 a page, contract §3). Pinning vouches for nobody.
   */
  private async learnMemberKeys(session: Session): Promise<void> {
    const nobodys = toBase64Url(this.sodium.randombytes_buf(16));
    const { members } = await this.api.call("bridge.listLacking", { epochId: nobodys });
    for (const m of members) {
      if (m.userId === this.ownId) continue;
      const signing = m.signingPublicKey ? fromBase64(m.signingPublicKey) : undefined;
      const key = fromBase64(m.publicKey);
      // Waited for: the bridge learns its members' keys once, not at every read.
      await pinFromRoster(this.api, session, m.userId, key, signing, m.keyTransparency, true);
    }
    this.membersUnknown = false;
  }
}
