// Reading a server's public log over /v1 (no session): heads after an epoch, the
// consistency proof between two, an epoch's changes. Shared by the witness and the
// auditor; every answer is parsed strictly before use.
import { fromBase64 } from "./bytes";
import type { SignedHead } from "./head";
import { MalformedKeyTransparency, parseHashes, parseHead, type SignedHeadJson } from "./wire";

export type Fetch = (url: string, init?: RequestInit) => Promise<Response>;

export interface ServedHead {
  head: SignedHead;
  headInLog: Uint8Array[];
}

export class LogReader {
  constructor(
    readonly baseUrl: string,
    private readonly fetchFn: Fetch = (url, init) => globalThis.fetch(url, init),
  ) {}

  async json(path: string, init?: RequestInit): Promise<unknown> {
    const res = await this.fetchFn(`${this.baseUrl.replace(/\/$/, "")}/v1${path}`, {
      ...init,
      headers: {
        Accept: "application/json",
        ...(init?.body ? { "Content-Type": "application/json" } : {}),
      },
    });
    if (!res.ok)
      throw new Error(
        `${init?.method ?? "GET"} ${path} answered ${res.status}: ${await res.text()}`,
      );
    return res.status === 204 ? undefined : res.json();
  }

  async headsAfter(after: number, pageSize = 1000): Promise<ServedHead[]> {
    const body = (await this.json(
      `/key-transparency/heads?after=${after}&pageSize=${pageSize}`,
    )) as {
      heads?: { head: SignedHeadJson; headInLog: unknown }[];
    };
    if (!Array.isArray(body.heads)) throw new MalformedKeyTransparency("heads is not a list");
    return body.heads.map((h) => ({
      head: parseHead(h.head),
      headInLog: parseHashes(h.headInLog, "headInLog"),
    }));
  }

  async consistency(from: number, to: number): Promise<Uint8Array[]> {
    const body = (await this.json(`/key-transparency/consistency?from=${from}&to=${to}`)) as {
      proof?: unknown;
    };
    return parseHashes(body.proof, "proof");
  }

  async changes(epoch: number): Promise<{ index: Uint8Array; commitment: Uint8Array }[]> {
    const body = (await this.json(`/key-transparency/epochs/${epoch}/changes`)) as {
      changes?: { index: string; commitment: string }[];
    };
    if (!Array.isArray(body.changes)) throw new MalformedKeyTransparency("changes is not a list");
    return body.changes.map((c) => {
      const index = fromBase64(c.index);
      const commitment = fromBase64(c.commitment);
      if (index.length !== 32 || commitment.length !== 32)
        throw new MalformedKeyTransparency("a change is not 32 + 32 bytes");
      return { index, commitment };
    });
  }
}
