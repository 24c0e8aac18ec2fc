// The bridge for one member (contract.md §3, §9): the keys it holds, pages of
// the log opened newest first, sending (pad, seal, sign, post with a requestId), and
// the epoch handshake — the first member makes the key, members holding the
// current key seal it to newcomers, anyone may rotate. With a session, each
// transmission is signed and each one read has its signature checked against the
// signer's pinned key (docs/client-crypto.md "Signed content"): `authorId` is the
// server's word, the signature is not.
import {
  fromBase64,
  openTransmission,
  type SharingKeyPair,
  type Sodium,
  sealTransmission,
  signContent,
  toBase64Url,
  utf8Decode,
  utf8Encode,
} from "@notes/crypto";
import type { ApiClient } from "../api/client";
import type { Output } from "../api/types";
import type { KeyPins } from "../trust/key-pins";
import { pinFromRoster } from "../trust/pin-check";
import { signerOf } from "../trust/sign-content";
import { checkSignature, type SignatureCheck } from "../trust/signature-check";
import type { Session } from "../vault/session";
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
  /**
   * The transmission's signature as checked here (with a session, on opened words):
   * "signed" names who really wrote it, whatever `authorId` says.
   */
  signature?: SignatureCheck;
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
  /** Whether members' keys must be (re)learned: at first, and after an unknown signer. */
  private membersUnknown = true;

  constructor(
    private readonly api: ApiClient,
    private readonly sodium: Sodium,
    private readonly keyPair: SharingKeyPair,
    private readonly ownId: string,
    /** The account's pins (keyPinsOf(session)): keys are handed out to pinned keys only. */
    private readonly pins?: KeyPins,
    /** Signs what this member sends and checks what others signed. */
    private readonly session?: Session,
  ) {}

  /**
   * Reads the keys and the current epoch; opens the bridge when nobody has a key
   * yet, and welcomes newcomers when this member holds the current key.
   */
  async handshake(): Promise<BridgeState> {
    this.keys = await loadBridgeKeys(this.api, this.sodium, this.keyPair);
    if (this.session && this.membersUnknown) await this.learnMemberKeys(this.session);
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
      const text = utf8Decode(openTransmission(this.sodium, key, transmission.body));
      if (!this.session) return { ...entry, text };
      const context = { kind: "bridgeTransmission", scope: null, key } as const;
      const body = fromBase64(transmission.body);
      const signature = checkSignature(
        this.sodium,
        this.session,
        transmission.signature,
        context,
        body,
      );
      if (signature.status === "unknown-signer") this.membersUnknown = true;
      return { ...entry, text, signature };
    } catch {
      // Sealed wrongly or by a member under a forged fingerprint: shown as unreadable.
      return entry;
    }
  }

  /**
   * Pins the keys of every bridge member this device has not pinned yet (trust on first
   * use), so their transmissions' signatures can be checked: the members lacking an
   * epoch nobody holds are all of them (at most 100 a page, contract §3).
   */
  private async learnMemberKeys(session: Session): Promise<void> {
    const nobodys = toBase64Url(this.sodium.randombytes_buf(16));
    const { members } = await this.api.call("bridge.listLacking", { epochId: nobodys });
    for (const m of members) {
      if (m.userId === this.ownId) continue;
      const signing = m.signingPublicKey ? fromBase64(m.signingPublicKey) : undefined;
      pinFromRoster(session, m.userId, fromBase64(m.publicKey), signing);
    }
    this.membersUnknown = false;
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
