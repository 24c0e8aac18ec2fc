// The S3 path of attachments (issue 36): a server configured with S3_* writes chunk
// ciphertext to the bucket (the database keeps only which chunks arrived), serves it
// back, and deletes the objects when the attachment or its note goes. The store is
// s3rver (npm), started here on a free loopback port with a bucket in a temporary
// directory, so the test needs nothing installed beforehand.
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { databaseEnv } from "@notes/test-support/database-mode";
import { freePort, type RunningServer, startServer } from "@notes/test-support/server-process";
import S3rver from "s3rver";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUp } from "./support/accounts";
import { Client } from "./support/api";
import { attachmentPath, readChunk, startUpload, uploadFile } from "./support/attachments";
import { newNote, usage } from "./support/notes";

const BUCKET = "notes-attachments";
let store: S3rver;
let storeDir: string;
let server: RunningServer;

beforeAll(async () => {
  storeDir = mkdtempSync(path.join(tmpdir(), "notes-s3rver-"));
  const port = await freePort();
  store = new S3rver({
    address: "127.0.0.1",
    port,
    silent: true,
    directory: storeDir,
    configureBuckets: [{ name: BUCKET, configs: [] }],
  });
  await store.run();
  server = await startServer(
    {
      DATABASE_URL: "",
      ...databaseEnv(),
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    "attachments-s3-server.log",
  );
});

afterAll(async () => {
  await server?.stop();
  await store?.close();
  rmSync(storeDir, { recursive: true, force: true });
});

/** The chunk objects s3rver holds for one attachment (its filesystem store: one folder a key prefix). */
function objectsOf(attachmentId: string): string[] {
  const dir = path.join(storeDir, BUCKET, "attachments", attachmentId);
  try {
    return readdirSync(dir).filter((name) => !name.startsWith("."));
  } catch {
    return [];
  }
}

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
