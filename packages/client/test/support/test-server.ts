// Test support (not exported): an in-memory stand-in for the /v1 routes the sharing
// use cases call, recording every request. Each route answers from a handler, so a
// test can change what the "server" holds between calls.
import { type Sodium, sealCek, sealEnvelope, sealMetadata } from "@notes/crypto";
import * as Y from "yjs";
import type { FetchLike } from "../../src/api/client";
import type { NoteState } from "../../src/api/types";
import { writeText } from "../../src/notes/text";
import { TestKeyLog } from "./key-log";
import { json } from "./test-fetch";
import { NOTE_ID } from "./test-keys";

export interface SeenRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: Record<string, unknown> | undefined;
}

export type RouteHandler = (request: SeenRequest) => Response | Promise<Response>;

/**
 * `keyLog`: the key-transparency log the server keeps (key-log.ts); by default a fresh one
 * that logs the keys the routes answer, as an honest server would have.
 */
export function fakeServer(
  routes: Record<string, RouteHandler>,
  keyLog: TestKeyLog = new TestKeyLog(),
): {
  fetch: FetchLike;
  seen: SeenRequest[];
  keyLog: TestKeyLog;
} {
  const seen: SeenRequest[] = [];
  const fetch: FetchLike = async (url, init) => {
    const sent = typeof init.body === "string" ? JSON.parse(init.body) : undefined;
    const logged = keyLog.answer(init.method ?? "GET", url, sent);
    if (logged) return logged;
    const request: SeenRequest = {
      method: init.method ?? "GET",
      path: decodeURIComponent(new URL(url).pathname),
      headers: { ...(init.headers as Record<string, string>) },
      body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
    };
    seen.push(request);
    const handler = routes[`${request.method} ${request.path}`];
    if (!handler) return json({ title: "no route", status: 404 }, 404);
    const response = await handler(request);
    if (response.headers.get("content-type")?.includes("json"))
      keyLog.learn(await response.clone().json());
    return response;
  };
  return { fetch, seen, keyLog };
}

/** GET …/roster-chain of a note whose owner never signed a roster (issue 33). */
export const noChain: RouteHandler = () => json({ entries: [], nextPageToken: "" });

export function problem(slug: string, status: number): Response {
  return json({ type: `http://x/problems/${slug}`, title: slug, status }, status);
}

/** A one-member note state holding `text`, sealed under `key` (wrapped to `publicKey`, or legacy). */
export function noteStateFor(
  sodium: Sodium,
  key: Uint8Array,
  text: string,
  publicKey: Uint8Array | undefined,
): NoteState {
  const doc = new Y.Doc();
  writeText(doc, text);
  return {
    id: NOTE_ID,
    deleted: false,
    memberCount: 1,
    role: "owner",
    seq: 1,
    snapshot: sealEnvelope(sodium, key, NOTE_ID, Y.encodeStateAsUpdate(doc)),
    snapshotVersion: 0,
    updatedAt: new Date(0).toISOString(),
    updates: [],
    version: 0,
    metadata: sealMetadata(sodium, key, NOTE_ID, { title: "T", tags: [] }),
    ...(publicKey && { wrappedCek: sealCek(sodium, key, publicKey) }),
  };
}
