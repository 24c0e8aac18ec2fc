// The bridge for one member (contract.md §3, §9): the keys it holds, pages of
// the log opened newest first, sending (pad, seal, post with a requestId), and
// the epoch handshake — the first member makes the key, members holding the
// current key seal it to newcomers, anyone may rotate.
import {
  openTransmission,
  type SharingKeyPair,
  type Sodium,
  sealTransmission,
  utf8Decode,
  utf8Encode,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { Output } from "../api/types";
import type { KeyPins } from "../trust/key-pins";
import {
  type BridgeKeyring,
  loadBridgeKeys,
  sealToMembersLacking,
  startEpoch,
} from "./bridge-keys";

export type Transmission = Output<"bridge.readMessage">;

export interface BridgeEntry {
  seq: number;
  createdAt: string;
  epochId: string;
  authorId?: string;
  /** The author's handle, when the server names one (the account has a handle). */
  authorHandle?: string;
  /** The words; absent when this member holds no key of that epoch or it does not open. */
  text?: string;
}

export interface BridgePageView {
  entries: BridgeEntry[];
  nextPageToken: string;
}

/** Where the handshake left this member. */
export type BridgeState =
  | { kind: "ready"; epochId: string; welcomed: number }
  | { kind: "opened"; epochId: string }
  | { kind: "waiting"; epochId: string };

export class NoBridgeKey extends Error {
  override readonly name = "NoBridgeKey";
}

export class BridgeLog {
  keys: BridgeKeyring = new Map();
  currentEpoch: string | undefined;

  constructor(
    private readonly api: ApiClient,
    private readonly sodium: Sodium,
    private readonly keyPair: SharingKeyPair,
    private readonly ownId: string,
    /** The account's pins (keyPinsOf(session)): keys are handed out to pinned keys only. */
    private readonly pins?: KeyPins,
  ) {}

  /**
   * Reads the keys and the current epoch; opens the bridge when nobody has a key
   * yet, and welcomes newcomers when this member holds the current key.
   */
  async handshake(): Promise<BridgeState> {
    this.keys = await loadBridgeKeys(this.api, this.sodium, this.keyPair);
    const { currentEpoch } = await this.api.call("bridge.listMessages", { pageSize: 1 });
    if (!currentEpoch) return { kind: "opened", epochId: await this.rotate() };
    this.currentEpoch = currentEpoch;
    const key = this.keys.get(currentEpoch);
    if (!key) return { kind: "waiting", epochId: currentEpoch };
    const epoch = { key, epochId: currentEpoch };
    const welcomed = await sealToMembersLacking(this.api, this.sodium, epoch, this.pins);
    return { kind: "ready", epochId: currentEpoch, welcomed };
  }

  /** A new epoch for everyone; later transmissions are sealed under it. */
  async rotate(): Promise<string> {
    const epoch = await startEpoch(this.api, this.sodium, this.keyPair, this.ownId, this.pins);
    this.keys.set(epoch.epochId, epoch.key);
    this.currentEpoch = epoch.epochId;
    return epoch.epochId;
  }

  open(transmission: Transmission): BridgeEntry {
    const { seq, createdAt, epochId, authorId, authorHandle } = transmission;
    const entry: BridgeEntry = {
      seq,
      createdAt,
      epochId,
      ...(authorId && { authorId }),
      ...(authorId && typeof authorHandle === "string" && authorHandle && { authorHandle }),
    };
    const key = this.keys.get(epochId);
    if (!key) return entry;
    try {
      return { ...entry, text: utf8Decode(openTransmission(this.sodium, key, transmission.body)) };
    } catch {
      // Sealed wrongly or by a member under a forged fingerprint: shown as unreadable.
      return entry;
    }
  }

  /** One page, newest first; pass the previous page's token for older ones. */
  async page(pageToken?: string, pageSize?: number): Promise<BridgePageView> {
    const page = await this.api.call("bridge.listMessages", {
      ...(pageToken && { pageToken }),
      ...(pageSize && { pageSize }),
    });
    if (page.currentEpoch) this.currentEpoch = page.currentEpoch;
    return { entries: page.messages.map((m) => this.open(m)), nextPageToken: page.nextPageToken };
  }

  /** Pads and seals `text` under the current epoch's key and posts it once; answers what was stored. */
  async send(text: string, requestId: string = crypto.randomUUID()): Promise<Transmission> {
    const epochId = this.currentEpoch;
    const key = epochId && this.keys.get(epochId);
    if (!epochId || !key) throw new NoBridgeKey("this member holds no key of the current epoch");
    const body = sealTransmission(this.sodium, key, utf8Encode(text));
    return this.api.call("bridge.postMessage", { body, epochId, requestId });
  }

  /** Bytes `text` takes; more than 1,023 does not fit one transmission. */
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
}
