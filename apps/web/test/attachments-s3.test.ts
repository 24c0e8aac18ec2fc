// integration: own lane (`pnpm test` runs it beside the others: scripts/test-markers.mjs)
// The S3 path of attachments (issue 36): a server configured with S3_* writes chunk
// ciphertext to the bucket (the database keeps only which chunks arrived), serves it
// back, and deletes the objects when the attachment or its note goes; with presigned
// URLs, clients send and read chunks straight at the store. The store is s3rver (npm,
// @notes/test-support/object-store), started here on a free loopback port with a
// bucket in a temporary directory, so the test needs nothing installed beforehand.
import { randomBytes, randomUUID } from "node:crypto";
import {
  createApiClient,
  downloadAttachment,
  openAttachment,
  uploadAttachment,
} from "@notes/client";
import { generateKey, loadSodium } from "@notes/crypto";
import { databaseEnv } from "@notes/test-support/database-mode";
import { type ObjectStore, startObjectStore } from "@notes/test-support/object-store";
import { type RunningServer, startServer } from "@notes/test-support/server-process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { b64, type SignedUp, signUp } from "./support/accounts";
import { Client, expectProblem, pointersOf } from "./support/api";
import {
  type AttachmentBody,
  attachmentPath,
  putChunk,
  readChunk,
  startUpload,
  uploadFile,
} from "./support/attachments";
import { newNote, usage } from "./support/notes";
import { setMembers, sharer } from "./support/sharing";

let store: ObjectStore;
let server: RunningServer;
let storeOrigin: string;

beforeAll(async () => {
  store = await startObjectStore();
  storeOrigin = store.url;
  server = await startServer(
    {
      DATABASE_URL: "",
      ...databaseEnv(),
      ...store.env,
      // Each test Client has an address of its own (X-Forwarded-For).
      TRUST_PROXY: "true",
    },
    "attachments-s3-server.log",
  );
});

afterAll(async () => {
  await server?.stop();
  await store?.close();
});

const objectsOf = (attachmentId: string) => store.objectsOf(attachmentId);

describe("attachments in an S3-compatible store", () => {
  it("keeps chunk ciphertext in the bucket, serves it back, and deletes it with the attachment and the note", async () => {
    const user = await signUp(undefined, new Client(undefined, undefined, server.url));
    const note = await newNote(user);
    const before = (await usage(user)).accountBytes;
    const { attachment, chunks } = await uploadFile(user, note.id, 3 * 4096 + 7);
    expect(objectsOf(attachment.id).length).toBeGreaterThanOrEqual(4);
    for (const [i, chunk] of chunks.entries())
      expect((await readChunk(user, note.id, attachment.id, i)).body.data).toBe(
        Buffer.from(chunk).toString("base64"),
      );
    expect((await usage(user)).accountBytes).toBe(before + 3 * 4096 + 7 + 296 + 72);

    const removed = await user.client.call("DELETE", attachmentPath(note.id, attachment.id), {
      token: user.token,
    });
    expect(removed.status).toBe(204);
    expect(objectsOf(attachment.id)).toEqual([]);
    expect((await usage(user)).accountBytes).toBe(before);

    const second = await uploadFile(user, note.id, 5000);
    const pending = await startUpload(user, note.id, { size: 10, chunkSize: 10 });
    expect(objectsOf(second.attachment.id).length).toBeGreaterThan(0);
    const deleted = await user.client.call("DELETE", `/v1/notes/${note.id}`, { token: user.token });
    expect(deleted.status).toBe(204);
    expect(objectsOf(second.attachment.id)).toEqual([]);
    expect(objectsOf(pending.body.id)).toEqual([]);
    expect((await usage(user)).accountBytes).toBe(0);
  });
});

describe("chunks straight to and from the store by presigned URLs", () => {
  const client = () => new Client(undefined, undefined, server.url);
  const presign = (user: SignedUp, noteId: string, id: string, body: Record<string, unknown>) =>
    user.client.call<PresignedAnswer>("POST", `${attachmentPath(noteId, id)}:presign`, {
      token: user.token,
      body,
    });
  const stored = (user: SignedUp, noteId: string, id: string, index: number) =>
    user.client.call("POST", `${attachmentPath(noteId, id)}/chunks/${index}:stored`, {
      token: user.token,
    });

  it("takes raw chunks at PUT URLs, records them when stored, and serves them at GET URLs", async () => {
    const user = await signUp(undefined, client());
    const note = await newNote(user);
    const size = 2 * 4096 + 10;
    const started = await startUpload(user, note.id, { size, chunkSize: 4096 });
    expect(started.status, started.text).toBe(201);
    expect(started.body.directTransfer).toBe(true);
    const id = started.body.id;
    const chunks = [randomBytes(4096), randomBytes(4096), randomBytes(10)];

    const urls = await presign(user, note.id, id, { direction: "upload", indices: [0, 1, 2] });
    expect(urls.status, urls.text).toBe(200);
    expect(Date.parse(urls.body.expiresAt)).toBeGreaterThan(Date.now() + 10 * 60_000);
    expect(urls.body.chunks.map((c) => [c.index, c.method])).toEqual([
      [0, "PUT"],
      [1, "PUT"],
      [2, "PUT"],
    ]);
    // Not in the store yet: nothing to record.
    expectProblem(await stored(user, note.id, id, 0), 409, "attachment-state", server.url);
    for (const c of urls.body.chunks) {
      expect(new URL(c.url).origin).toBe(storeOrigin);
      const put = await fetch(c.url, { method: "PUT", headers: c.headers, body: chunks[c.index] });
      expect(put.status, await put.text()).toBe(200);
      const recorded = await stored(user, note.id, id, c.index);
      expect(recorded.status, recorded.text).toBe(204);
    }
    const finished = await user.client.call<AttachmentBody>(
      "POST",
      `${attachmentPath(note.id, id)}:finish`,
      { token: user.token },
    );
    expect(finished.status, finished.text).toBe(200);
    expect(finished.body.state).toBe("complete");
    expect(objectsOf(id)).toHaveLength(3);

    const reads = await presign(user, note.id, id, { direction: "download", indices: [2, 0] });
    expect(reads.status, reads.text).toBe(200);
    for (const c of reads.body.chunks) {
      expect(c.method).toBe("GET");
      const got = await fetch(c.url, { headers: c.headers });
      expect(got.status).toBe(200);
      expect(Buffer.from(await got.arrayBuffer()).equals(chunks[c.index] as Buffer)).toBe(true);
    }
    // The chunk route serves the same bytes.
    expect((await readChunk(user, note.id, id, 1)).body.data).toBe(b64(chunks[1] as Buffer));
  });

  it("refuses what a URL may not be asked for, with the contract's problems", async () => {
    const owner = await sharer("s3", client());
    const viewer = await sharer("s3", client());
    const stranger = await sharer("s3", client());
    const note = await newNote(owner);
    await setMembers(owner, note.id, [{ userId: viewer.accountId, role: "viewer" }]);
    const started = await startUpload(owner, note.id, { size: 4096 + 1, chunkSize: 4096 });
    const id = started.body.id;
    const base = server.url;

    expectProblem(
      await presign(viewer, note.id, id, { direction: "upload", indices: [0] }),
      403,
      "view-only",
      base,
    );
    expectProblem(await stored(viewer, note.id, id, 0), 403, "view-only", base);
    for (const direction of ["upload", "download"])
      expectProblem(
        await presign(stranger, note.id, id, { direction, indices: [0] }),
        404,
        "note-not-found",
        base,
      );
    expectProblem(await stored(stranger, note.id, id, 0), 404, "note-not-found", base);
    // A chunk that has not arrived has no GET URL.
    expectProblem(
      await presign(viewer, note.id, id, { direction: "download", indices: [0] }),
      404,
      "attachment-not-found",
      base,
    );
    const pastEnd = await presign(owner, note.id, id, { direction: "upload", indices: [0, 2] });
    expectProblem(pastEnd, 400, "invalid-request", base);
    expect(pointersOf(pastEnd)).toEqual(["/indices/1"]);
    for (const indices of [[], [0, 0], Array.from({ length: 65 }, (_, i) => i)])
      expectProblem(
        await presign(owner, note.id, id, { direction: "upload", indices }),
        400,
        "invalid-request",
        base,
      );
    expectProblem(
      await presign(owner, note.id, randomUUID(), { direction: "upload", indices: [0] }),
      404,
      "attachment-not-found",
      base,
    );

    // A body of another length: S3 refuses it (the length is signed); a store that does
    // not check (s3rver takes it) is caught when the server is told to record it.
    const [url] = (await presign(owner, note.id, id, { direction: "upload", indices: [0] })).body
      .chunks;
    expect(new URL(url!.url).searchParams.get("X-Amz-SignedHeaders")).toContain("content-length");
    const wrong = await fetch(url!.url, { method: "PUT", body: randomBytes(100) });
    if (wrong.ok) {
      const recorded = await stored(owner, note.id, id, 0);
      expectProblem(recorded, 400, "invalid-request", base);
      expect(pointersOf(recorded)).toEqual(["#/path/index"]);
    }
    await fetch(url!.url, { method: "PUT", body: randomBytes(4096) });
    expect((await stored(owner, note.id, id, 0)).status).toBe(204);
    expect((await putChunk(owner, note.id, id, 1, randomBytes(1))).status).toBe(204);
    await finishAs(owner, note.id, id);
    // A finished upload takes no more chunks, by either road.
    expectProblem(
      await presign(owner, note.id, id, { direction: "upload", indices: [0] }),
      409,
      "attachment-state",
      base,
    );
    expectProblem(await stored(owner, note.id, id, 0), 409, "attachment-state", base);
  });

  it("uploads and downloads through the SDK straight to the store, the app carrying no chunk", async () => {
    const sodium = await loadSodium();
    const user = await signUp(undefined, client());
    const note = await newNote(user);
    const appChunkRequests: string[] = [];
    const storeRequests: string[] = [];
    const api = createApiClient({
      baseUrl: server.url,
      token: user.token,
      fetch: (url, init) => {
        if (/\/chunks\/\d+$/.test(new URL(url).pathname)) appChunkRequests.push(url);
        return fetch(url, init);
      },
    });
    const fetchStore = (url: string, init: RequestInit) => {
      storeRequests.push(`${init.method ?? "GET"} ${new URL(url).pathname}`);
      return fetch(url, init);
    };
    const file = randomBytes(5 * 4096 + 123);
    const contentKey = generateKey(sodium);
    const opened = await uploadAttachment(
      api,
      sodium,
      note.id,
      contentKey,
      new Blob([file]),
      { name: "photo.jpg", type: "image/jpeg" },
      { chunkBytes: 4096, fetchStore },
    );
    expect(opened.record.state).toBe("complete");
    const count = opened.record.chunkCount;
    expect(storeRequests.filter((r) => r.startsWith("PUT"))).toHaveLength(count);
    const again = await openAttachment(api, sodium, note.id, [contentKey], opened.record.id);
    const bytes = await downloadAttachment(api, sodium, again, { fetchStore });
    expect(Buffer.from(bytes).equals(file)).toBe(true);
    expect(storeRequests.filter((r) => r.startsWith("GET"))).toHaveLength(count);
    expect(appChunkRequests).toEqual([]);
  });
});

interface PresignedAnswer extends Record<string, unknown> {
  expiresAt: string;
  chunks: { index: number; method: "PUT" | "GET"; url: string; headers: Record<string, string> }[];
}

async function finishAs(user: SignedUp, noteId: string, id: string) {
  const finished = await user.client.call("POST", `${attachmentPath(noteId, id)}:finish`, {
    token: user.token,
  });
  expect(finished.status, finished.text).toBe(200);
}
