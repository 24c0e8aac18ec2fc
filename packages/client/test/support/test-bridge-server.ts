// Test support (not exported): the bridge routes held in memory for several
// members, enough for the SDK's handshake, paging and sending. Like the server, it
// keeps a recipient's first wrap of an epoch, stores handout signatures and epoch
// numbers opaquely, and names as currentEpoch the epoch most members hold (unless a
// test sets `currentEpoch` to lie). Tests play the hostile server by editing its
// arrays and maps directly.
import type { FetchLike } from "../../src/api/client";
import { TestKeyLog } from "./key-log";
import { json } from "./test-fetch";

export interface FakeWrap {
  recipientId: string;
  epochId: string;
  wrappedKey: string;
  senderId: string;
  createdAt: string;
  signature?: string;
  epochNumber?: number;
}

export interface FakeTransmission {
  seq: number;
  body: string;
  epochId: string;
  createdAt: string;
  authorId?: string;
  authorHandle?: string;
  signature?: string;
}

export class FakeBridge {
  wraps: FakeWrap[] = [];
  messages: FakeTransmission[] = [];
  /** Members with bridge access and their Base64 public keys. */
  members = new Map<string, string>();
  /** Members' Base64 signing public keys, served beside their sharing keys. */
  signingKeys = new Map<string, string>();
  handles = new Map<string, string>();
  /** Each stored transmission's author and requestId, for the idempotent repeat. */
  private readonly requests: { authorId: string; requestId: string; seq: number }[] = [];
  /** What GET /v1/bridge/messages names as current; the most-held epoch when unset. */
  currentEpoch: string | undefined;

  /**
   * The honest server's currentEpoch: the epoch most members hold, signed handouts before
   * unsigned wraps, the newer on a tie.
   */
  mostHeldEpoch(): string | undefined {
    const rank = new Map<string, number>();
    for (const w of this.wraps)
      rank.set(w.epochId, (rank.get(w.epochId) ?? 0) + (w.signature ? 1_000_000 : 1));
    let best: string | undefined;
    for (const [epochId, n] of rank) if (!best || n >= (rank.get(best) ?? 0)) best = epochId;
    return best;
  }

  /** The key-transparency log this server keeps, learning the keys it lists (key-log.ts). */
  readonly keyLog = new TestKeyLog();

  fetchAs(accountId: string): FetchLike {
    const answer = this.answerAs(accountId);
    return async (url, init) => {
      const logged = this.keyLog.answer(init.method ?? "GET", url);
      if (logged) return logged;
      const response = await answer(url, init);
      if (response.headers.get("content-type")?.includes("json"))
        this.keyLog.learn(await response.clone().json());
      return response;
    };
  }

  private answerAs(accountId: string): FetchLike {
    return async (url, init) => {
      const u = new URL(url);
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      const route = `${init.method ?? "GET"} ${u.pathname}`;
      if (route === "GET /v1/bridge/keys")
        return json({
          wraps: this.wraps.filter((w) => w.recipientId === accountId).reverse(),
          nextPageToken: "",
        });
      if (route === "POST /v1/bridge/keys") return json(this.storeWrap(accountId, body), 201);
      if (route === "GET /v1/bridge/members") {
        const epochId = u.searchParams.get("epochId");
        const lacking = [...this.members].filter(
          ([id]) => !this.wraps.some((w) => w.recipientId === id && w.epochId === epochId),
        );
        return json({
          members: lacking.map(([userId, publicKey]) => this.member(userId, publicKey)),
        });
      }
      if (route === "POST /v1/bridge/messages")
        return json(this.storeMessage(accountId, body), 201);
      if (route === "GET /v1/bridge/messages") {
        const size = Number(u.searchParams.get("pageSize") ?? 100);
        const newest = [...this.messages].sort((a, b) => b.seq - a.seq).slice(0, size);
        const currentEpoch = this.currentEpoch ?? this.mostHeldEpoch();
        return json({ messages: newest, nextPageToken: "", ...(currentEpoch && { currentEpoch }) });
      }
      return json({ title: "no route", status: 404 }, 404);
    };
  }

  private member(userId: string, publicKey: string) {
    const signingPublicKey = this.signingKeys.get(userId);
    const handle = this.handles.get(userId);
    return {
      userId,
      publicKey,
      ...(signingPublicKey && { signingPublicKey }),
      ...(handle && { handle }),
    };
  }

  private storeWrap(senderId: string, body: Omit<FakeWrap, "senderId" | "createdAt">): FakeWrap {
    const first = this.wraps.find(
      (w) => w.recipientId === body.recipientId && w.epochId === body.epochId,
    );
    if (first) return first;
    const wrap = { ...body, senderId, createdAt: new Date().toISOString() };
    this.wraps.push(wrap);
    return wrap;
  }

  private storeMessage(
    authorId: string,
    body: { body: string; epochId: string; requestId?: string; signature?: string },
  ): FakeTransmission {
    const repeat = this.requests.find(
      (r) => r.authorId === authorId && r.requestId === body.requestId,
    );
    const earlier = repeat && this.messages.find((m) => m.seq === repeat.seq);
    if (earlier) return earlier;
    const handle = this.handles.get(authorId);
    const message: FakeTransmission = {
      seq: this.messages.length + 1,
      body: body.body,
      epochId: body.epochId,
      createdAt: new Date().toISOString(),
      authorId,
      ...(handle && { authorHandle: handle }),
      ...(body.signature && { signature: body.signature }),
    };
    this.messages.push(message);
    if (body.requestId)
      this.requests.push({ authorId, requestId: body.requestId, seq: message.seq });
    return message;
  }
}
