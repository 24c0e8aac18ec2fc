// A witness (issue 34): a process of its own, with its own key and its own storage,
// that follows one server's log. For each new head it checks the server's signature,
// that the head is its log's last entry, and that its log extends the last head this
// witness cosigned (RFC 9162 consistency); only then does it cosign and post the
// cosignature. It never cosigns two heads for one epoch, so a server that shows two
// people two different logs needs the witness to lie too. What it remembers is its own
// (WitnessState, saved after every cosignature): a restart cannot be talked back.
import { equalBytes, fromHex, toBase64, toHex } from "./bytes";
import { configDigest, cosignHead, publicKeyOf, type SignedHead } from "./head";
import type { LogReader } from "./log-reader";
import {
  KeyTransparencyRefused,
  verifyHeadExtends,
  verifyHeadInLog,
  verifySignedHead,
} from "./verify";
import { headToJson, parseHead, type SignedHeadJson } from "./wire";

export interface WitnessState {
  /** The server's config digest (head and VRF keys), pinned at the first head. */
  config?: string;
  /** The last head this witness cosigned. */
  last?: SignedHeadJson;
  /** Evidence of a server that contradicted itself, kept for people to see. */
  evidence?: { reason: string; detail: string; at: number }[];
}

export interface WitnessStep {
  cosigned: number[];
  refused?: KeyTransparencyRefused;
}

export class Witness {
  readonly publicKey: Uint8Array;

  constructor(
    private readonly secretKey: Uint8Array,
    private readonly reader: LogReader,
    private state: WitnessState,
    private readonly save: (state: WitnessState) => Promise<void> | void,
  ) {
    this.publicKey = publicKeyOf(secretKey);
  }

  get lastEpoch(): number {
    return this.state.last?.epoch ?? 0;
  }

  /** Cosigns every new head that checks out, in order; stops at the first that does not. */
  async step(): Promise<WitnessStep> {
    const cosigned: number[] = [];
    const served = await this.reader.headsAfter(this.lastEpoch);
    for (const { head, headInLog } of served) {
      try {
        await this.check(head, headInLog);
      } catch (error) {
        if (!(error instanceof KeyTransparencyRefused)) throw error;
        const evidence = [
          ...(this.state.evidence ?? []),
          { reason: error.reason, detail: error.message, at: head.epoch },
        ];
        this.state = { ...this.state, evidence };
        await this.save(this.state);
        return { cosigned, refused: error };
      }
      const signature = cosignHead(this.secretKey, head);
      this.state = {
        ...this.state,
        config: toHex(configDigest(head.headPublicKey, head.vrfPublicKey)),
        last: headToJson({ ...head, cosignatures: [] }),
      };
      await this.save(this.state);
      await this.reader.json(`/key-transparency/heads/${head.epoch}/cosignatures`, {
        method: "POST",
        body: JSON.stringify({ witness: toBase64(this.publicKey), signature: toBase64(signature) }),
      });
      cosigned.push(head.epoch);
    }
    return { cosigned };
  }

  private async check(head: SignedHead, headInLog: Uint8Array[]): Promise<void> {
    verifySignedHead(head, { witnesses: [], threshold: 0 });
    verifyHeadInLog(head, headInLog);
    const config = configDigest(head.headPublicKey, head.vrfPublicKey);
    if (this.state.config && !equalBytes(fromHex(this.state.config), config)) {
      throw new KeyTransparencyRefused("config-changed", "the server's head or VRF key changed");
    }
    const last = this.state.last && parseHead(this.state.last);
    if (!last) return;
    const proof =
      head.epoch > last.epoch ? await this.reader.consistency(last.epoch, head.epoch) : [];
    verifyHeadExtends(last, head, proof);
  }
}
