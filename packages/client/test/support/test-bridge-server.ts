// Test support (not exported): the bridge routes held in memory for several
// members, enough for the SDK's handshake, paging and sending.
import type { FetchLike } from "../../src/api/client";
import { json } from "./test-fetch";

interface Wrap {
  recipientId: string;
  epochId: string;
  wrappedKey: string;
  senderId: string;
  createdAt: string;
}

export class FakeBridge {
  wraps: Wrap[] = [];
  messages: { seq: number; body: string; epochId: string; createdAt: string; authorId: string }[] =
    [];
  /** Members with bridge access and their Base64 public keys. */
  members = new Map<string, string>();
  currentEpoch: string | undefined;

  fetchAs(accountId: string): FetchLike {
    return async (url, init) => {
      const u = new URL(url);
      const body = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
      const route = `${init.method ?? "GET"} ${u.pathname}`;
      if (route === "GET /v1/bridge/keys")
        return json({
          wraps: this.wraps.filter((w) => w.recipientId === accountId),
          nextPageToken: "",
        });
      if (route === "POST /v1/bridge/keys") {
        const wrap = { ...body, senderId: accountId, createdAt: new Date().toISOString() };
        this.wraps.push(wrap);
        this.currentEpoch ??= body.epochId;
        return json(wrap, 201);
      }
      if (route === "GET /v1/bridge/members") {
        const epochId = u.searchParams.get("epochId");
        const lacking = [...this.members].filter(
          ([id]) => !this.wraps.some((w) => w.recipientId === id && w.epochId === epochId),
        );
        return json({ members: lacking.map(([userId, publicKey]) => ({ userId, publicKey })) });
      }
      if (route === "POST /v1/bridge/messages") {
        const message = {
          seq: this.messages.length + 1,
          body: body.body,
          epochId: body.epochId,
          createdAt: new Date().toISOString(),
          authorId: accountId,
        };
        this.messages.push(message);
        return json(message, 201);
      }
      if (route === "GET /v1/bridge/messages") {
        const size = Number(u.searchParams.get("pageSize") ?? 100);
        const newest = [...this.messages].reverse().slice(0, size);
        return json({
          messages: newest,
          nextPageToken: "",
          ...(this.currentEpoch && { currentEpoch: this.currentEpoch }),
        });
      }
      return json({ title: "no route", status: 404 }, 404);
    };
  }
}
